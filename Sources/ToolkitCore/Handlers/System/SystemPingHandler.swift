import JSONRPC
import ToolkitAPI

/// `system.ping` → `"pong"`: the cheapest round trip, for liveness checks and benchmarks. It answers a
/// constant encoded once (this is the method benchmarks hammer), so it registers a raw body under the
/// catalogue's description instead of a typed handler.
enum SystemPingHandler {
    private static let pong = RawJSON(unchecked: "\"pong\"")

    static var registration: RegisteredMethod {
        RegisteredMethod(describedBy: SystemPing.self, body: .immediate { _, _ in pong })
    }
}
