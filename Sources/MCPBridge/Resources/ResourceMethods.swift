import JSONRPC

/// The resource methods of the bridge's server: `resources/templates/list`, `resources/list` and
/// `resources/read`, answered through the core.
struct ResourceMethods: Sendable {
    let calls: ResourceCalls

    func register(on registry: MethodRegistry) throws {
        let method = MCPProtocol.Method.self
        let templates = RawJSON(.object([("resourceTemplates", .array(ResourceTemplates.all.map(\.json)))]))
        try registry.register(mcp: method.listResourceTemplates, .immediate { _, _ in templates })
        try registry.register(
            mcp: method.listResources,
            .task { [calls] params, _ in
                var cursor: String?
                if case .string(let text)? = try? params?.decode(JSONValue.self)["cursor"] { cursor = text }
                return RawJSON(try await ResourceCatalogue(calls: calls).page(at: cursor))
            })
        try registry.register(
            mcp: method.readResource,
            .task { [calls] params, _ in
                guard case .string(let uri)? = try? params?.decode(JSONValue.self)["uri"] else {
                    throw MCPError.invalidParams("resources/read takes {\"uri\": ADDRESS}.")
                }
                return RawJSON(try await ResourceReader(calls: calls).read(uri))
            })
    }
}
