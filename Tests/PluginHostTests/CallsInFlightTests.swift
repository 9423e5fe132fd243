import Testing

@testable import PluginHost

/// How shutdown waits for the calls sent to plugins, on a clock the test moves (the end-to-end side, a real
/// plugin and SIGTERM, is ``ShutdownDrainTests``).
@Suite(.timeLimit(.minutes(1)))
struct CallsInFlightTests {
    @Test func drainingRefusesNewCallsAndEndsWhenTheLastCallInFlightEnds() async {
        let calls = CallsInFlight()
        let clock = ManualClock()
        #expect(calls.begin() && calls.begin())

        let drained = Task { await calls.drain(within: .seconds(10), on: clock) }
        await clock.waitForSleepers()
        #expect(!calls.begin(), "a call after the drain began is refused")
        calls.end()
        calls.end()

        #expect(await drained.value == 0)
    }

    @Test func drainingGivesUpOnceTheGraceHasPassedAndSaysHowManyAreLeft() async {
        let calls = CallsInFlight()
        let clock = ManualClock()
        #expect(calls.begin() && calls.begin())

        let drained = Task { await calls.drain(within: .seconds(10), on: clock) }
        await clock.waitForSleepers()
        calls.end()
        clock.advance(by: .seconds(10))

        #expect(await drained.value == 1)
        #expect(calls.isDraining)
    }

    @Test func drainingWithNoCallInFlightEndsAtOnce() async {
        #expect(await CallsInFlight().drain(within: .seconds(10), on: ManualClock()) == 0)
    }
}
