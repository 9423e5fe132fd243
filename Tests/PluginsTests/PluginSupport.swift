#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The repository's root, found from this package's sources (`#filePath`), whatever the working directory.
let repositoryRoot = ToolkitBinary.packageRoot

/// The executable of the shipped plugin `name`: `Plugins/NAME/NAME`.
func shippedPlugin(_ name: String) -> String {
    repositoryRoot + "/Plugins/\(name)/\(name)"
}

/// Starts the plugin at `path` and runs the handshake with `options`, as the core would.
func startPlugin(
    _ path: String, socket: String, dataDirectory: String, options: [(String, JSONValue)] = []
) async throws -> PluginUnderTest {
    let plugin = try await PluginUnderTest(path: path)
    do {
        try await plugin.handshake(socket: socket, dataDirectory: dataDirectory, options: options)
    } catch {
        await plugin.stop()
        throw TestFailure("the handshake of \(path) failed: \(error)\nstderr:\n\(plugin.standardErrorText())")
    }
    return plugin
}

/// Polls `probe` every 50 ms until it gives a value, for at most `timeout` (times ``TestPatience``).
/// - Throws: ``TestFailure`` naming `what` when the time runs out; what `probe` throws.
func eventually<Value>(
    _ what: String, timeout: Duration = .seconds(60), _ probe: () async throws -> Value?
) async throws -> Value {
    let timeout = TestPatience.scaled(timeout)
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try await probe() { return value }
        guard ContinuousClock.now < deadline else {
            throw TestFailure("timed out after \(timeout) waiting for \(what)")
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Everything a plugin sends that is not an answer (`events.publish`, `progress`), collected as it arrives.
final class NotificationLog: Sendable {
    private final class Received: Sendable {
        let requests = NIOLockedValueBox<[RPCRequest]>([])
    }
    private let received = Received()
    private let task: Task<Void, Never>

    init(_ plugin: PluginUnderTest) {
        let received = self.received
        task = Task {
            for await notification in plugin.client.notifications {
                received.requests.withLockedValue { $0.append(notification) }
            }
        }
    }

    /// The `data` of every `events.publish` of `topic` so far.
    func published(_ topic: String) throws -> [JSONValue] {
        try received.requests.withLockedValue { $0 }.filter { $0.method == "events.publish" }.compactMap {
            notification in
            guard let params = try notification.params?.decode(JSONValue.self), params["topic"] == .string(topic)
            else { return nil }
            return params["data"] ?? .null
        }
    }

    /// The `warning` of every `plugin.status` so far, in order (nil for one that clears it).
    func warnings() throws -> [String?] {
        try received.requests.withLockedValue { $0 }.filter { $0.method == "plugin.status" }.map { notification in
            guard case .string(let warning)? = try notification.params?.decode(JSONValue.self)["warning"] else {
                return nil
            }
            return warning
        }
    }

    deinit { task.cancel() }
}

/// The JSON-RPC error code of `error`, or nil when it is not an error answer.
func errorCode(_ error: any Error) -> Int? {
    (error as? RPCError)?.code.rawValue
}

/// Makes one image with ffmpeg's test sources (`color=red:size=16x8`, say) at `path`.
/// - Throws: ``TestFailure`` when ffmpeg fails.
func makeImage(_ path: String, source: String) async throws {
    let result = try await runCommand(
        "ffmpeg",
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", source, "-frames:v", "1", path])
    guard result.status == 0 else { throw TestFailure("ffmpeg failed: \(result.stderr)") }
}

/// The file's bytes, or nil when it cannot be read.
func contents(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// The members of a JSON object as a dictionary (their order is not kept through decoding), or nil when
/// `value` is not an object.
func members(_ value: JSONValue?) -> [String: JSONValue]? {
    guard case .object(let pairs)? = value else { return nil }
    return Dictionary(pairs, uniquingKeysWith: { $1 })
}
