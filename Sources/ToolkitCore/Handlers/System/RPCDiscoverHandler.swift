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
        var members: [(String, JSONValue)] = [
            ("name", .string(method.name)),
            ("summary", .string(method.summary)),
            ("paramStructure", "by-name"),
            ("params", .array(params(of: method.paramsSchema))),
            ("result", ["name": "result", "schema": method.resultSchema.json]),
            ("x-provider", .string(method.provider)),
            ("x-effect", .string(method.effect.rawValue)),
        ]
        // What content descriptors cannot say: params other than those listed are refused.
        if case .bool(false)? = method.paramsSchema.json["additionalProperties"] {
            members.append(("x-additionalParams", false))
        }
        return .object(members)
    }

    /// One content descriptor per property of an object schema, built-in or a plugin's, in name order (a
    /// plugin's manifest is read without its members' order): `{name, description?, required, schema}`, the
    /// description taken from the property's schema.
    /// A schema without properties is one required param named `params`; none for a method that takes any.
    private static func params(of schema: JSONSchema) -> [JSONValue] {
        guard schema != .any else { return [] }
        let json = schema.json
        guard case .object(let properties)? = json["properties"] else {
            return [["name": "params", "required": true, "schema": json]]
        }
        var required: Set<String> = []
        if case .array(let names)? = json["required"] {
            for case .string(let name) in names { required.insert(name) }
        }
        return properties.sorted { $0.0 < $1.0 }.map { name, property in
            var members: [(String, JSONValue)] = [("name", .string(name))]
            if case .string(let text)? = property["description"] { members.append(("description", .string(text))) }
            members += [("required", .bool(required.contains(name))), ("schema", property)]
            return .object(members)
        }
    }
}
