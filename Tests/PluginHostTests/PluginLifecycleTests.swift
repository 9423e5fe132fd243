import PluginHost
import Testing

/// The lifecycle table, without processes.
struct PluginLifecycleTests {
    /// The time of the first event on the host's clock.
    private let start: Duration = .seconds(100)

    @Test func aNewPluginLaunchesHandshakesAndServes() {
        var lifecycle = PluginLifecycle()
        #expect(lifecycle.state == .starting)
        #expect(lifecycle.startRequested() == .launch)
        #expect(lifecycle.launched() == .handshake)
        #expect(lifecycle.state == .handshaking)
        #expect(lifecycle.handshakeSucceeded() == .serve)
        #expect(lifecycle.state == .ready)
        #expect(lifecycle.startRequested() == .none)
    }

    @Test func crashesBackOffWithDoublingDelaysThenFail() {
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        var delays: [Duration] = []
        for crash in 0..<4 {
            _ = lifecycle.launched()
            guard case .restart(let delay) = lifecycle.crashed("exit", at: start + .seconds(crash)) else {
                Issue.record("crash \(crash) did not restart")
                return
            }
            delays.append(delay)
            #expect(lifecycle.state == .backingOff)
            #expect(lifecycle.backoffElapsed(generation: lifecycle.generation) == .launch)
        }
        #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)])
        _ = lifecycle.launched()
        #expect(lifecycle.crashed("exit", at: start + .seconds(5)) == .giveUp)
        #expect(lifecycle.state == .failed)
        #expect(lifecycle.reason?.contains("5 crashes within 60 s") == true)
    }

    @Test func crashesOlderThanTheWindowDoNotCount() {
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        for crash in 0..<10 {
            _ = lifecycle.launched()
            let action = lifecycle.crashed("exit", at: start + .seconds(crash * 30))
            #expect(action != .giveUp, "crash \(crash)")
            _ = lifecycle.backoffElapsed(generation: lifecycle.generation)
        }
    }

    @Test func stopFromEveryRunningStateShutsDownAndStartClearsTheSlate() {
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        #expect(lifecycle.stopRequested() == .shutDown)
        #expect(lifecycle.state == .stopped)
        #expect(lifecycle.stopRequested() == .none)
        #expect(lifecycle.crashed("late exit", at: start) == .none, "a stopped plugin's exit is no crash")
        #expect(lifecycle.startRequested() == .launch)
        #expect(lifecycle.state == .starting)
    }

    @Test func backingOffStopsWithoutAProcessToShutDown() {
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        _ = lifecycle.launched()
        _ = lifecycle.crashed("exit", at: start)
        #expect(lifecycle.stopRequested() == .none)
        #expect(lifecycle.state == .stopped)
        let timer = lifecycle.backoffElapsed(generation: lifecycle.generation)
        #expect(timer == .none, "a timer firing after stop does nothing")
    }

    @Test func disableAndRefusalAreNotRestarted() {
        var disabled = PluginLifecycle()
        _ = disabled.startRequested()
        _ = disabled.launched()
        #expect(disabled.disabled("no camera") == .shutDown)
        #expect(disabled.state == .disabled)
        #expect(disabled.reason == "no camera")

        var refused = PluginLifecycle()
        _ = refused.startRequested()
        _ = refused.launched()
        _ = refused.handshakeSucceeded()
        #expect(refused.refused("method clash") == .giveUp)
        #expect(refused.state == .failed)
        #expect(refused.startRequested() == .launch, "plugins.start tries a failed plugin again")
    }

    @Test func newsAboutAnEarlierLaunchIsIgnored() {
        // Given a plugin on its second launch, after a crash
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        let first = lifecycle.generation
        _ = lifecycle.launched()
        _ = lifecycle.crashed("exit", at: start)
        _ = lifecycle.backoffElapsed(generation: first)
        _ = lifecycle.launched()
        #expect(lifecycle.generation == first + 1)

        // When the first process's end, misbehaviour and timer arrive late, then they change nothing
        #expect(lifecycle.processEnded(generation: first, termination: "exited with status 1", at: start) == .none)
        #expect(lifecycle.misbehaved("garbage", generation: first) == .none)
        #expect(lifecycle.backoffElapsed(generation: first) == .none)
        #expect(lifecycle.state == .handshaking)
        #expect(lifecycle.restarts == 1)
    }

    @Test func aMisbehavingProcessIsKilledOnceAndItsEndIsACrashForThatReason() {
        // Given a ready plugin
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        _ = lifecycle.launched()
        _ = lifecycle.handshakeSucceeded()
        let generation = lifecycle.generation

        // When it writes garbage twice, then ends
        #expect(lifecycle.misbehaved("it wrote garbage", generation: generation) == .kill)
        #expect(lifecycle.misbehaved("it wrote more garbage", generation: generation) == .none)
        let ended = lifecycle.processEnded(generation: generation, termination: "was killed by signal 9", at: start)

        // Then its crash has the first reason, and the next launch starts with no fault
        #expect(ended == .restart(after: .milliseconds(250)))
        #expect(lifecycle.reason == "it wrote garbage")
        _ = lifecycle.backoffElapsed(generation: generation)
        #expect(lifecycle.faultReason == nil)
        let second = lifecycle.processEnded(
            generation: lifecycle.generation, termination: "exited with status 0", at: start)
        #expect(second == .restart(after: .milliseconds(500)))
        #expect(lifecycle.reason == "it exited with status 0")
    }

    @Test func threeCallsInARowThatTimeOutKillTheProcessAsHung() {
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        _ = lifecycle.launched()
        _ = lifecycle.handshakeSucceeded()
        let generation = lifecycle.generation

        // Two timeouts, an answer, then three timeouts
        #expect(lifecycle.callEnded(timedOut: true, generation: generation) == .none)
        #expect(lifecycle.callEnded(timedOut: true, generation: generation) == .none)
        #expect(lifecycle.callEnded(timedOut: false, generation: generation) == .none, "an answer breaks the row")
        #expect(lifecycle.callEnded(timedOut: true, generation: generation) == .none)
        #expect(lifecycle.callEnded(timedOut: true, generation: generation) == .none)
        #expect(lifecycle.callEnded(timedOut: true, generation: generation) == .kill)
        #expect(lifecycle.faultReason == "it left 3 calls in a row unanswered")
    }

    @Test func moreThanAThousandNotificationsWithinASecondKillTheProcessAndAreDropped() {
        var lifecycle = PluginLifecycle()
        _ = lifecycle.startRequested()
        _ = lifecycle.launched()
        _ = lifecycle.handshakeSucceeded()
        let generation = lifecycle.generation

        // A thousand within a second, then a pause: a new window
        for index in 0..<1000 {
            let at = start + .microseconds(index * 900)
            #expect(lifecycle.notificationReceived(at: at, generation: generation) == .none)
        }
        #expect(lifecycle.notificationReceived(at: start + .seconds(2), generation: generation) == .none)

        // A thousand and one within the next second: the last kills, and what follows is dropped
        for index in 1..<1000 {
            let at = start + .seconds(2) + .microseconds(index * 900)
            #expect(lifecycle.notificationReceived(at: at, generation: generation) == .none)
        }
        #expect(lifecycle.notificationReceived(at: start + .milliseconds(2950), generation: generation) == .kill)
        #expect(lifecycle.faultReason == "it sent more than 1000 notifications in a second")
        #expect(lifecycle.notificationReceived(at: start + .milliseconds(2960), generation: generation) == .drop)
    }

    @Test(arguments: [
        (PluginLifecycle.State.starting, "starting"), (.handshaking, "handshaking"), (.ready, "ready"),
        (.backingOff, "backing off"), (.failed, "failed"), (.stopped, "stopped"), (.disabled, "disabled"),
    ])
    func statesHaveTheNamesPluginsListShows(state: PluginLifecycle.State, name: String) {
        #expect(state.name == name)
    }
}
