#if canImport(Glibc)
import Glibc
#endif
import Foundation
public import JSONRPC
import ToolkitAPI
public import ToolkitTestSupport

/// A plugin executable started on its own, with the test in the core's place on its stdin and stdout:
/// the test sends the handshake, calls, hooks and `event` notifications itself and reads the answers, so
/// a plugin's side of protocol 1 can be checked without the plugin host (give `init` the socket of a
/// ``TestCore`` for the calls it makes back).
///
/// ```swift
/// let plugin = try await PluginUnderTest(path: "Plugins/markdown-export/markdown-export")
/// let manifest = try await plugin.handshake(socket: core.socketPath, dataDirectory: dir.path)
/// let result = try await plugin.call("export.markdown", ["dir": .string(out)])
/// await plugin.stop()
/// ```
public final class PluginUnderTest: Sendable {
    /// The child process (its own process group).
    public let process: ChildProcess
    /// The JSON-RPC peer over the child's pipes; its `notifications` stream carries what the plugin sends
    /// that is not an answer (`progress`, `events.publish`).
    public let client: RPCClient
    private let stderrFile: String

    /// Starts `path` with `arguments` and `environment` (this process's when nil); its stderr goes to a
    /// temp file that ``standardErrorText()`` reads.
    /// - Throws: ``TestFailure`` when it cannot be started.
    public init(path: String, arguments: [String] = [], environment: [String: String]? = nil) async throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw TestFailure("pipe failed: errno \(errno)") }
        stderrFile = NSTemporaryDirectory() + "plugin-stderr-\(UUID().uuidString)"
        let stderr = open(stderrFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(toChild[0])
            close(fromChild[1])
            close(stderr)
        }
        for descriptor in [toChild[1], fromChild[0]] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        process = try ChildProcess(
            path, arguments, environment: environment, standardInput: toChild[0], standardOutput: fromChild[1],
            standardError: stderr)
        client = try await RPCClient.connect(input: fromChild[0], output: toChild[1])
    }

    /// Sends `getmanifest` then `init`, as the core does, and returns the manifest.
    /// - Parameters:
    ///   - socket: the core's socket, given in `init`.
    ///   - options: the `options` given in `init`; the manifest's defaults are not filled in.
    /// - Throws: the plugin's error answer, or ``RPCClientError`` when it closes its stdout.
    @discardableResult
    public func handshake(
        socket: String, dataDirectory: String, name: String? = nil, options: [(String, JSONValue)] = []
    ) async throws -> JSONValue {
        let manifest = try await client.call(GetManifest.name, params: RawJSON(encoding: GetManifest.Params()))
            .decode(JSONValue.self)
        let pluginName: String
        if let name {
            pluginName = name
        } else if case .string(let declared) = manifest["name"] {
            pluginName = declared
        } else {
            pluginName = "plugin"
        }
        let initParams = Initialize.Params(
            name: pluginName, socket: socket, dataDir: dataDirectory, options: .object(options))
        _ = try await client.call(Initialize.name, params: RawJSON(initParams.json))
        return manifest
    }

    /// Calls `method` with `params` and returns the plugin's result.
    /// - Throws: the plugin's error answer as ``RPCError``.
    public func call(_ method: String, _ params: JSONValue? = nil) async throws -> JSONValue {
        try await client.call(method, params: params.map(RawJSON.init)).decode(JSONValue.self)
    }

    /// Sends the `event` notification the core would send for `topic`.
    public func sendEvent(_ topic: String, data: JSONValue, seq: Int = 1) {
        let event = EventNotification(seq: UInt64(seq), topic: topic, time: "2026-01-01T00:00:00Z", data: data)
        client.notify(EventNotification<JSONValue>.method, params: try? RawJSON(encoding: event))
    }

    /// Sends `shutdown`, closes the plugin's stdin and waits for it to exit (killing its group after
    /// `timeout`).
    /// - Returns: how it ended, and whether it had to be killed.
    @discardableResult
    public func stop(timeout: Duration = .seconds(5)) async -> (termination: ChildProcess.Termination, killed: Bool) {
        client.notify(Shutdown.name)
        client.finishWriting()
        let process = self.process
        let outcome = await Task.detached { process.wait(timeout: timeout) }.value
        await client.close()
        return (outcome.termination, outcome.timedOut)
    }

    /// What the plugin wrote on stderr so far.
    public func standardErrorText() -> String {
        (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
    }

    deinit {
        unlink(stderrFile)
    }
}
