public import JSONRPC
import ToolkitAPI

/// One method of the core as an MCP tool, with what the bridge needs to call it.
public struct BridgedTool: Sendable {
    /// The tool as `tools/list` shows it.
    public var tool: MCPTool
    /// The core's method (`pets.create`).
    public var method: String
    /// What the method does to the user's data; a method that does not say counts as a write.
    public var effect: RPCMethodEffect
    /// Who answers it: `builtin`, or the plugin's name.
    public var provider: String
    /// Whether its params take `"progress": true` (the bridge sets it when the client asks for progress).
    public var takesProgress: Bool
    /// Whether its results are wrapped as `{"result": …}` (results that are not objects).
    public var wrapsResult: Bool
    /// Its params that name files or folders on the core's machine, which the bridge holds to the roots.
    var pathParams = PathParams()
    /// Whether a param takes a pet's name or an album's title in place of its id (``RecordNames``).
    var takesNames = false
    /// Its params with values that make a call destroy (``DestroyingArguments``), by name.
    var destroyingArguments: [String: DestroyingValues] = [:]
}

/// The tools of a core: one per method of its `rpc.discover` document, built-in and plugin alike, except the
/// ones that only mean something on a connection of one's own (``excludedMethods``).
public struct ToolCatalogue: Sendable {
    /// Methods that are not tools: an MCP cancel is the bridge's `rpc.cancel`, and events pushed to the bridge's
    /// connection would reach no one.
    public static let excludedMethods: Set<String> = ["rpc.cancel", "events.subscribe", "events.unsubscribe"]

    /// The `x-provider` of the core's own methods; any other names a plugin.
    static let builtInProvider = "builtin"

    /// Every tool, in method-name order.
    public let tools: [BridgedTool]
    private let byName: [String: Int]

    /// The tools of an OpenRPC document as `rpc.discover` answers it.
    /// - Throws: ``ToolCatalogueError`` when it has no `methods` array.
    public init(discovery: JSONValue) throws {
        guard case .array(let methods)? = discovery["methods"] else {
            throw ToolCatalogueError(message: "the core's rpc.discover answer has no methods array")
        }
        var described: [(name: String, entry: JSONValue)] = []
        for entry in methods {
            guard case .string(let name)? = entry["name"], !Self.excludedMethods.contains(name) else { continue }
            described.append((name, entry))
        }
        described.sort { $0.name < $1.name }
        var namer = ToolNamer()
        tools = described.map { Self.tool(for: $0.entry, method: $0.name, namer: &namer) }
        byName = Dictionary(tools.enumerated().map { ($1.tool.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The tool named `name`.
    public func tool(named name: String) -> BridgedTool? { byName[name].map { tools[$0] } }

    private static func tool(for entry: JSONValue, method: String, namer: inout ToolNamer) -> BridgedTool {
        var descriptors: [JSONValue] = []
        if case .array(let list)? = entry["params"] { descriptors = list }
        var closed = false
        if case .bool(false)? = entry["x-additionalParams"] { closed = true }
        var (input, takesProgress) = ToolSchema.input(fromDescriptors: descriptors, closed: closed)
        let (output, wrapsResult) = ToolSchema.output(fromResultSchema: entry["result"]?["schema"])
        var effect = RPCMethodEffect.write
        if case .string(let text)? = entry["x-effect"], let declared = RPCMethodEffect(rawValue: text) {
            effect = declared
        }
        var provider = Self.builtInProvider
        if case .string(let text)? = entry["x-provider"] { provider = text }
        let takesNames = provider == Self.builtInProvider && RecordNames.takesNames(input, method: method)
        if takesNames { input = RecordNames.describingNames(in: input, method: method) }
        var summary = ""
        if case .string(let text)? = entry["summary"] { summary = text }
        if provider != Self.builtInProvider {
            summary += summary.isEmpty ? "From the plugin \(provider)." : " (plugin \(provider))"
        }
        let tool = MCPTool(
            name: namer.name(for: method), title: method, description: summary, inputSchema: input,
            outputSchema: output, annotations: annotations(effect))
        return BridgedTool(
            tool: tool, method: method, effect: effect, provider: provider, takesProgress: takesProgress,
            wrapsResult: wrapsResult,
            pathParams: PathParams(
                descriptors: descriptors, byPlugin: provider != Self.builtInProvider, closed: closed),
            takesNames: takesNames, destroyingArguments: DestroyingArguments.rules(descriptors: descriptors))
    }

    /// MCP's hints from a method's effect: reads change nothing; destroys cannot be undone.
    private static func annotations(_ effect: RPCMethodEffect) -> MCPTool.Annotations {
        MCPTool.Annotations(readOnlyHint: effect == .read, destructiveHint: effect == .read ? nil : effect == .destroy)
    }
}

/// An `rpc.discover` answer the bridge cannot make tools of.
public struct ToolCatalogueError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
