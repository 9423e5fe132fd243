import JSONRPC
import ToolkitAPI

/// Answers `rpc.discover` as ToolkitAPI's ``RPCDiscover`` describes it.
struct RPCDiscoverHandler: RPCImmediateHandler {
    typealias Method = RPCDiscover

    let registry: MethodRegistry

    func handle(_ params: Method.Params, context: RPCContext) -> Method.Result {
        .object([
            ("openrpc", "1.2.6"),
            ("info", ["title": "toolkit", "version": .string(ToolkitVersion.current)]),
            ("methods", .array(registry.all.map(Self.describe))),
        ])
    }

    private static func describe(_ method: RegisteredMethod) -> JSONValue {
        var params: [JSONValue] = []
        if case .object(let properties, let required, _) = method.paramsSchema {
            params = properties.sorted { $0.key < $1.key }.map { name, schema in
                ["name": .string(name), "required": .bool(required.contains(name)), "schema": schema.json]
            }
        } else if method.paramsSchema != .any {
            params = [["name": "params", "required": true, "schema": method.paramsSchema.json]]
        }
        return .object([
            ("name", .string(method.name)),
            ("summary", .string(method.summary)),
            ("paramStructure", "by-name"),
            ("params", .array(params)),
            ("result", ["name": "result", "schema": method.resultSchema.json]),
            ("x-provider", .string(method.provider)),
        ])
    }
}
