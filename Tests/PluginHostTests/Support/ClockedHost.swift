#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import Logging
import NIOConcurrencyHelpers
import Synchronization

@testable import PluginHost

/// A ``PluginHost`` on a ``ManualClock`` whose plugins are no processes: each launch either fails or gives
/// pipes whose other end the test serves (``PipePlugin``). It records the events the host publishes.
struct ClockedHost: Sendable {
    let host: PluginHost
    let clock: ManualClock
    let events: AsyncStream<PublishedEvent>
    private let launchCount: Launches

    /// How many times a plugin was launched.
    var launches: Int { launchCount.value.load(ordering: .relaxed) }

    /// Runs `body` against a new host whose launches do `launch`, with the host's tasks running beside it;
    /// stops every plugin afterwards.
    static func run(
        configuration: PluginHostConfiguration = PluginHostConfiguration(),
        launch: @escaping @Sendable () async throws -> PluginProcess,
        _ body: @escaping @Sendable (ClockedHost) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        let (events, published) = AsyncStream<PublishedEvent>.makeStream()
        let launches = Launches()
        let host = PluginHost(
            configuration: configuration, registry: MethodRegistry(),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            publish: { topic, data in published.yield(PublishedEvent(topic: topic, data: data)) },
            subscribe: { _, _ in }, clock: clock,
            launch: { _, _, _, _, _, _, _ in
                launches.value.add(1, ordering: .relaxed)
                return try await launch()
            })
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                defer { host.context.finishWork() }
                try await body(ClockedHost(host: host, clock: clock, events: events, launchCount: launches))
                // A cancelled test (its time limit passed) has no supervisors left to stop the plugins.
                if !Task.isCancelled { await host.stopAll() }
            }
            await host.runWork(in: &group)
        }
    }
}

/// What the host published: `plugin.crashed`, `plugin.failed`, ….
struct PublishedEvent: Sendable {
    var topic: String
    var data: JSONValue

    var reason: String? {
        guard case .string(let reason) = data["reason"] else { return nil }
        return reason
    }
}

private final class Launches: Sendable {
    let value = Atomic<Int>(0)
}

/// A launch that fails as a missing executable does.
struct CannotStart: Error, CustomStringConvertible {
    var description: String { "Cannot start /plugins/broken: No such file or directory." }
}

/// A plugin that is the test's end of a pair of pipes: the host's ``PluginProcess`` has no process behind it,
/// and `methods` answer what the host calls.
enum PipePlugin {
    /// The host's side of a new pair of pipes, and the plugin's side, which serves `methods`. The plugin's
    /// client must be kept until the test ends.
    static func connect(serving methods: [RegisteredMethod]) async throws -> (PluginProcess, RPCClient) {
        var toPlugin: [Int32] = [-1, -1]
        var fromPlugin: [Int32] = [-1, -1]
        guard pipe(&toPlugin) == 0, pipe(&fromPlugin) == 0 else { throw CannotStart() }
        let registry = MethodRegistry()
        for method in methods { try registry.register(method) }
        let plugin = try await RPCClient.connect(input: toPlugin[0], output: fromPlugin[1], serving: registry)
        let host = try await RPCClient.connect(input: fromPlugin[0], output: toPlugin[1])
        return (PluginProcess(detachedClient: host), plugin)
    }

    /// `name` answering `answer`.
    static func answering(_ name: String, _ answer: JSONValue) -> RegisteredMethod {
        RegisteredMethod(name: name, summary: name, body: .immediate { _, _ in RawJSON(answer) })
    }

    /// `name` never answering (until the call is cancelled); each call is told to `called`.
    static func hanging(_ name: String, _ called: AsyncStream<String>.Continuation) -> RegisteredMethod {
        RegisteredMethod(
            name: name, summary: name,
            body: .task { _, _ in
                called.yield(name)
                // A clock nobody advances: only the call's cancellation (`rpc.cancel`) ends this.
                try await ManualClock().sleep(for: .seconds(1))
                return RawJSON(.null)
            })
    }
}

/// Keeps the plugin's side of the pipes alive.
final class PluginEnd: Sendable {
    let client = NIOLockedValueBox<RPCClient?>(nil)
}
