import PluginHost
import Testing

/// The lifecycle table, without processes.
struct PluginLifecycleTests {
    private let start = ContinuousClock.now

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
            #expect(lifecycle.backoffElapsed() == .launch)
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
            _ = lifecycle.backoffElapsed()
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
        #expect(lifecycle.backoffElapsed() == .none, "a timer firing after stop does nothing")
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

    @Test(arguments: [
        (PluginLifecycle.State.starting, "starting"), (.handshaking, "handshaking"), (.ready, "ready"),
        (.backingOff, "backing off"), (.failed, "failed"), (.stopped, "stopped"), (.disabled, "disabled"),
    ])
    func statesHaveTheNamesPluginsListShows(state: PluginLifecycle.State, name: String) {
        #expect(state.name == name)
    }
}
