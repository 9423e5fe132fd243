import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitAPI

@testable import PluginHost

/// A plugin's slot driven by a clock the test moves, with no process and no sleep: back-off, the crash window,
/// and the handshake and hook deadlines (the end-to-end tests check the same rules with real processes).
///
/// The time limit only catches a hang: in the whole suite on two cores, test helpers that block (ffmpeg making
/// clips, Chromium) can hold the cooperative pool's threads for over a minute before these tests get one.
@Suite(.timeLimit(.minutes(3)))
struct PluginSlotClockTests {
    /// A launch that fails as a missing executable does.
    private static let failing: @Sendable () async throws -> PluginProcess = { throw CannotStart() }

    @Test func crashesAreRestartedAfterDoublingDelaysAndTheFifthWithinAMinuteFailsThePlugin() async throws {
        try await ClockedHost.run(launch: Self.failing) { plugins in
            var events = plugins.events.makeAsyncIterator()
            // Given a plugin whose every launch fails
            let slot = plugins.host.add("/plugins/broken")

            // When it is started, and the clock moves on by each delay it waits, a millisecond short first
            await slot.perform { .start($0) }
            for (crash, delay) in [Duration.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2)]
                .enumerated()
            {
                let crashed = await events.next()
                #expect(crashed?.topic == "plugin.crashed")
                #expect(crashed?.reason == CannotStart().description)
                await plugins.clock.waitForSleepers()
                #expect(slot.status.state == .backingOff)
                plugins.clock.advance(by: delay - .milliseconds(1))
                #expect(plugins.clock.sleeperCount == 1, "crash \(crash + 1): restarted before \(delay)")
                #expect(plugins.launches == crash + 1)
                plugins.clock.advance(by: .milliseconds(1))
            }

            // Then the fifth crash, 3.75 s after the first, fails it for good
            let failed = await events.next()
            #expect(failed?.topic == "plugin.failed")
            #expect(failed?.reason == "\(CannotStart()) (5 crashes within 60 s; not restarted)")
            #expect(plugins.launches == 5)
            #expect(plugins.clock.sleeperCount == 0, "no restart is waiting")
            let status = slot.status
            #expect(status.state == .failed && status.restarts == 4, "\(status)")
        }
    }

    @Test func crashesFurtherApartThanTheWindowNeverFailThePlugin() async throws {
        try await ClockedHost.run(launch: Self.failing) { plugins in
            var events = plugins.events.makeAsyncIterator()
            // Given a plugin whose every launch fails
            let slot = plugins.host.add("/plugins/broken")
            await slot.perform { .start($0) }

            // When it crashes every 30 s, eight times
            for _ in 1..<8 {
                #expect(await events.next()?.topic == "plugin.crashed")
                await plugins.clock.waitForSleepers()
                plugins.clock.advance(by: .seconds(30))
            }

            // Then it is still restarted, after the delay of a second crash within 60 s
            #expect(await events.next()?.topic == "plugin.crashed")
            await plugins.clock.waitForSleepers()
            let status = slot.status
            #expect(status.state == .backingOff && status.restarts == 8, "\(status)")
            plugins.clock.advance(by: .milliseconds(499))
            #expect(plugins.launches == 8)
            plugins.clock.advance(by: .milliseconds(1))
            #expect(await events.next()?.topic == "plugin.crashed")
            #expect(plugins.launches == 9)
        }
    }

    @Test(arguments: ["getmanifest", "init"])
    func aHandshakeStepUnansweredWithinItsDeadlineIsACrash(step: String) async throws {
        // Given a plugin that answers getmanifest, unless that is the step it never answers, and never init
        let called = AsyncStream<String>.makeStream()
        let end = PluginEnd()
        let methods =
            step == "getmanifest"
            ? [PipePlugin.hanging("getmanifest", called.continuation)]
            : [
                PipePlugin.answering("getmanifest", ["name": "slow", "version": "1.0.0"]),
                PipePlugin.hanging("init", called.continuation),
            ]
        let configuration = PluginHostConfiguration(handshakeTimeout: .seconds(10))
        let launch: @Sendable () async throws -> PluginProcess = {
            let (process, plugin) = try await PipePlugin.connect(serving: methods)
            end.client.withLockedValue { $0 = plugin }
            return process
        }
        try await ClockedHost.run(configuration: configuration, launch: launch) { plugins in
            var events = plugins.events.makeAsyncIterator()
            let slot = plugins.host.add("/plugins/slow")

            // When it is started and the step is waited for, up to a millisecond short of its deadline
            slot.send(.start(nil))
            var calls = called.stream.makeAsyncIterator()
            #expect(await calls.next() == step)
            await plugins.clock.waitForSleepers()
            plugins.clock.advance(by: .milliseconds(9999))
            #expect(plugins.clock.sleeperCount == 1)
            #expect(slot.status.state == .handshaking)

            // Then at the deadline it has crashed, and waits to be restarted
            plugins.clock.advance(by: .milliseconds(1))
            let crashed = await events.next()
            #expect(crashed?.topic == "plugin.crashed")
            #expect(crashed?.reason == "it did not answer \(step) within \(Duration.seconds(10))")
            await plugins.clock.waitForSleepers()
            #expect(slot.status.state == .backingOff)
        }
    }

    @Test(arguments: ["continue", "reject"])
    func aHookUnansweredWithinItsDeadlineIsDecidedByOnFailure(onFailure: String) async throws {
        // Given a ready plugin that declares entry.beforeSave with a 5 s deadline, and never answers it
        let called = AsyncStream<String>.makeStream()
        let end = PluginEnd()
        let manifest: JSONValue = [
            "name": "slow", "version": "1.0.0",
            "hooks": [["name": "entry.beforeSave", "timeout": 5, "onFailure": .string(onFailure)]],
        ]
        let methods = [
            PipePlugin.answering("getmanifest", manifest), PipePlugin.answering("init", [:]),
            PipePlugin.hanging("entry.beforeSave", called.continuation),
        ]
        let launch: @Sendable () async throws -> PluginProcess = {
            let (process, plugin) = try await PipePlugin.connect(serving: methods)
            end.client.withLockedValue { $0 = plugin }
            return process
        }
        try await ClockedHost.run(launch: launch) { plugins in
            let slot = plugins.host.add("/plugins/slow")
            await slot.perform { .start($0) }
            #expect(slot.status.state == .ready)

            // When an entry is about to be saved, and the hook is waited for up to a millisecond short of 5 s
            let params: JSONValue = ["title": "walk"]
            async let outcome = plugins.host.runHook("entry.beforeSave", params: params)
            var calls = called.stream.makeAsyncIterator()
            #expect(await calls.next() == "entry.beforeSave")
            await plugins.clock.waitForSleepers()
            plugins.clock.advance(by: .milliseconds(4999))
            #expect(plugins.clock.sleeperCount == 1, "the hook is still waited for")

            // Then at 5 s the hook has failed, and its onFailure decides
            plugins.clock.advance(by: .milliseconds(1))
            switch (onFailure, await outcome) {
            case ("continue", .continue(let unchanged)):
                #expect(unchanged == params)
            case ("reject", .reject(let plugin, let message, let reason)):
                #expect(plugin == "slow" && reason == "failed")
                #expect(
                    message
                        == "The plugin slow could not check this change (no answer within \(Duration.seconds(5))), "
                        + "and it fails closed.")
            case (_, let other):
                Issue.record("onFailure \(onFailure) gave \(other)")
            }
            #expect(slot.status.state == .ready, "a missed hook is no crash")
        }
    }
}
