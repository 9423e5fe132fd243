public import JSONRPC

/// `system.ping` → `"pong"`: the cheapest round trip, for liveness checks and benchmarks.
public enum SystemPing: APIMethod {
    public static let name = "system.ping"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Answers \"pong\": checks that the core is alive and answering."
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = .constant("pong")

    /// None.
    public typealias Params = NoParams
    /// Always `pong`.
    public typealias Result = String
}
