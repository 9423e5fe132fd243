import JSONRPC

/// `system.ping` → `"pong"`: the cheapest round trip, for liveness checks and benchmarks.
struct SystemPing: RPCImmediateMethod {
    static let name = "system.ping"
    typealias Result = RawJSON
    static let summary = "Answers \"pong\": checks that the core is alive and answering."
    static let resultSchema = JSONSchema.constant("pong")

    /// Encoded once: this is the method benchmarks hammer.
    private static let pong = RawJSON(unchecked: "\"pong\"")

    func handle(_ params: NoParams, context: RPCContext) -> RawJSON { Self.pong }
}
