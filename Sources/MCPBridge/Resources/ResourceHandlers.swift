import MCP

/// Registers the resource methods on the bridge's server: `resources/templates/list`, `resources/list` and
/// `resources/read`, answered through the core on `link`.
enum ResourceHandlers {
    static func register(on server: Server, link: CoreLink) async {
        let calls = ResourceCalls(link: link)
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            ListResourceTemplates.Result(templates: ResourceTemplates.all)
        }
        await server.withMethodHandler(ListResources.self) { params in
            try await ResourceCatalogue(calls: calls).page(at: params.cursor)
        }
        await server.withMethodHandler(ReadResource.self) { params in
            try await ResourceReader(calls: calls).read(params.uri)
        }
    }
}
