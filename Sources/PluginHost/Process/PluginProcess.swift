#if canImport(Glibc)
import Glibc
#endif
import ChildProcesses
import JSONRPC
import Logging
import NIOCore
import NIOPosix
import ToolkitAPI

/// One running plugin executable: its process (a group of its own, killed if the core dies), the
/// JSON-RPC connection over its stdin and stdout, and its stderr read line by line.
final class PluginProcess: Sendable {
    /// Nil for pipes with no process behind them (``init(detachedClient:)``, for tests).
    let process: ProcessGroupLeader?
    let client: RPCClient

    /// The process's id, which is also its group's; nil without a process.
    var pid: pid_t? { process?.pid }

    /// The thread every plugin is forked from. A parent-death signal fires when the thread that forked
    /// exits, so it must be one that lives as long as the core: a pool of one thread, never shut down.
    private static let spawner: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    private init(process: ProcessGroupLeader, client: RPCClient) {
        self.process = process
        self.client = client
    }

    /// A plugin that is only the other end of `client`'s pipes, with no process: signals go nowhere, and it
    /// counts as ended at once. Tests drive the plugin's side over the pipes, without starting anything.
    init(detachedClient client: RPCClient) {
        self.process = nil
        self.client = client
    }

    /// Starts `path` and connects to it.
    /// - Parameters:
    ///   - limits: the bounds on what the plugin sends and on what is queued for it.
    ///   - onMalformedInput: told when the plugin writes something that is not JSON-RPC.
    ///   - onNotification: each `events.publish` and `progress` the plugin sends, on the pipe's event loop in
    ///     the order sent (so a call's progress comes before its answer); other notifications arrive on the
    ///     client's `notifications`.
    ///   - onStandardErrorLine: each line the plugin writes on stderr.
    /// - Throws: ``PluginHostError`` `.cannotStart` with the reason.
    static func launch(
        path: String, environment: [String: String], limits: RPCServerConfiguration, logger: Logger,
        onMalformedInput: @escaping @Sendable (RPCError) -> Void,
        onNotification: @escaping @Sendable (RPCRequest) -> Void,
        onStandardErrorLine: @escaping @Sendable (String) -> Void
    ) async throws -> PluginProcess {
        let (process, pipes) = try await spawner.runIfActive {
            do {
                return try ProcessGroupLeader.spawn(
                    path, [], environment: environment, options: SpawnOptions(streams: .pipesWithInput))
            } catch let error as SpawnError {
                throw PluginHostError(.cannotStart, error.description)
            }
        }
        do {
            try await StandardErrorReader.attach(to: pipes.error, onLine: onStandardErrorLine)
        } catch {
            close(pipes.error)
        }
        do {
            let client = try await RPCClient.connect(
                input: pipes.output, output: pipes.input, maximumMessageBytes: limits.maximumMessageBytes,
                serving: notificationRegistry(onNotification), logger: logger, configuration: limits,
                onMalformedInput: onMalformedInput)
            return PluginProcess(process: process, client: client)
        } catch {
            process.reap()
            throw PluginHostError(.cannotStart, "Cannot talk to \(path) over its pipes: \(error).")
        }
    }

    /// What the core serves on a plugin's stdout: the two notifications a plugin sends, handled inline. A
    /// plugin sends no requests there (docs/plugins.md): one is answered -32601 as for any other method.
    private static func notificationRegistry(_ onNotification: @escaping @Sendable (RPCRequest) -> Void)
        -> MethodRegistry
    {
        let registry = MethodRegistry()
        for name in [EventsPublish<JSONValue>.method, ProgressNotification.method] {
            try? registry.register(
                RegisteredMethod(
                    name: name, summary: "A plugin's notification.", provider: "host",
                    body: .immediate { params, context in
                        guard context.requestID == nil else { throw RPCError.methodNotFound(name) }
                        onNotification(RPCRequest(method: name, id: nil, params: params))
                        return .null
                    }))
        }
        return registry
    }

    /// The connection to the plugin, as handlers see one.
    var connection: any RPCConnection & RPCConnectionControl { client.rpcConnection }

    /// Whether the process has ended. It is reaped then, with whatever it left running in its group.
    var hasExited: Bool {
        guard let process else { return true }
        guard process.hasExited else { return false }
        process.reap()
        return true
    }

    /// How it ended, in words (`exited with status 3`, `was killed by signal 9`); nil while it runs.
    var termination: String? {
        guard hasExited else { return nil }
        return process?.termination?.description
    }

    /// Signals the plugin's whole process group, unless it is reaped (its id may then be reused).
    func signalGroup(_ signal: Int32) {
        process?.signalGroup(signal)
    }

    /// Waits up to `timeout` for the process to end; returns whether it did.
    func waitForExit(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !hasExited {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Ends the plugin. Gracefully: `shutdown`, stdin closed, up to `grace` to exit, SIGTERM to its
    /// group, up to `grace` more, then SIGKILL. Otherwise SIGKILL at once. Whatever else is left in its
    /// process group is killed too.
    func terminate(gracefully: Bool, grace: Duration = .seconds(2)) async {
        if gracefully {
            client.notify(Shutdown.name)
            client.finishWriting()
            if !(await waitForExit(timeout: grace)) {
                signalGroup(SIGTERM)
                _ = await waitForExit(timeout: grace)
            }
        }
        // The group's stragglers (a child the plugin started) go too, before the leader is reaped.
        signalGroup(SIGKILL)
        _ = await waitForExit(timeout: .seconds(5))
        await client.close()
    }

    /// The process's resident memory, from `/proc/PID/statm`; nil once it has ended.
    var residentBytes: Int? {
        guard !hasExited, let pid, let file = fopen("/proc/\(pid)/statm", "r") else { return nil }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard
            withUnsafeMutablePointer(
                to: &size,
                { sizePointer in
                    withUnsafeMutablePointer(to: &resident) { residentPointer in
                        withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
                    }
                }) == 2
        else { return nil }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
