import Foundation
import JSONRPC
public import Logging
import MCP
import ToolkitAPI

/// `toolkit mcp`: an MCP server on stdin and stdout whose tools are the core's methods (``ToolCatalogue``),
/// called over the core's socket (``CoreLink``) under a ``BridgePolicy``, and whose resources are the diary's
/// photos, entries and pets (``ResourceHandlers``).
public actor MCPBridge {
    /// The server's name in `initialize`.
    public static let serverName = "toolkit"

    private let server: Server
    private let link: CoreLink
    private let policy: BridgePolicy
    private let logger: Logger
    private let tools = ToolList()
    private var clientCanElicit = false
    private var clientListsRoots = false
    private var initialized = false

    /// A bridge to the core on `socketPath`.
    public init(socketPath: String, policy: BridgePolicy, version: String, logger: Logger) {
        let server = Server(
            name: Self.serverName, version: version, title: "Pet photo diary",
            instructions: Self.instructions(policy),
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: true)))
        self.server = server
        self.policy = policy
        self.logger = logger
        let refresh = RefreshBox()
        self.link = CoreLink(socketPath: socketPath) { await refresh.bridge?.refreshTools() }
        refresh.bridge = self
    }

    /// Reads the core's methods, then serves MCP on stdin and stdout until the client closes stdin.
    /// - Throws: what connecting to the core or discovering its methods throws (``JSONRPC/RPCClientError``
    ///   when no core answers).
    public func run() async throws {
        try await loadTools()
        await register()
        try await server.start(transport: StandardIOTransport(logger: logger)) { [weak self] _, capabilities in
            await self?.clientInitialized(
                canElicit: capabilities.elicitation != nil, listsRoots: capabilities.roots != nil)
        }
        await server.waitUntilCompleted()
        await link.close()
    }

    private func clientInitialized(canElicit: Bool, listsRoots: Bool) {
        clientCanElicit = canElicit
        clientListsRoots = listsRoots
        initialized = true
    }

    private func register() async {
        await server.withMethodHandler(ListTools.self) { [tools, policy] _ in
            let listed = await tools.catalogue?.tools.filter { policy.allows($0.effect) }.map(\.tool) ?? []
            return ListTools.Result(tools: listed)
        }
        await server.withMethodHandler(CallTool.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the bridge has stopped") }
            return await self.callTool(params)
        }
        await ResourceHandlers.register(on: server, link: link)
    }

    // MARK: Tools

    /// The tools of the core's methods as `rpc.discover` gives them now.
    private func discoveredCatalogue() async throws -> ToolCatalogue {
        try ToolCatalogue(discovery: try await link.call("rpc.discover", params: nil).decode(JSONValue.self))
    }

    private func loadTools() async throws {
        _ = await tools.replace(with: try await discoveredCatalogue(), policy: policy)
    }

    /// Discovers the core's methods again and tells the client when its tools changed.
    func refreshTools() async {
        guard let catalogue = try? await discoveredCatalogue(),
            await tools.replace(with: catalogue, policy: policy), initialized
        else { return }
        logger.info("the core's methods changed; telling the client its tool list changed")
        try? await server.notify(ToolListChangedNotification.message())
    }

    /// Answers a tool call and logs it: `pets_create: ok in 6.9 ms`, or the error's first line.
    private func callTool(_ params: CallTool.Parameters) async -> CallTool.Result {
        let started = ContinuousClock.now
        let result = await answer(params)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        var outcome = "ok"
        if result.isError == true, case .text(let text, _, _)? = result.content.first {
            outcome = "error: " + String(text.prefix { $0 != "\n" }.prefix(200))
        }
        logger.info("\(params.name): \(outcome) in \((milliseconds * 10).rounded() / 10) ms")
        return result
    }

    private func answer(_ params: CallTool.Parameters) async -> CallTool.Result {
        guard let tool = await tools.catalogue?.tool(named: params.name) else {
            return ToolCallResult.failure("There is no tool named \(params.name); tools/list names them.")
        }
        if let refusal = policy.refusal(of: tool) { return ToolCallResult.failure(refusal) }
        if tool.effect == .destroy, let refusal = await confirmation(of: tool, params.arguments) {
            return ToolCallResult.failure(refusal)
        }
        var members = (params.arguments ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, JSONValue($0.value)) }
        if PathGuard.pathMembers[tool.method] != nil,
            let refusal = PathGuard.refusal(method: tool.method, arguments: members, roots: await roots())
        {
            return ToolCallResult.failure(refusal)
        }
        if tool.method == PhotosImport.name, !policy.allowPrivateURLs, members.contains(where: { $0.0 == "url" }) {
            members.removeAll { $0.0 == Self.publicOnlyMember }
            members.append((Self.publicOnlyMember, true))
        }
        let progressToken = params._meta?.progressToken
        if tool.takesProgress, progressToken != nil {
            members.append((ToolSchema.progressMember, true))
        }
        do {
            let raw: RawJSON
            if let progressToken, tool.takesProgress {
                raw = try await callReportingProgress(tool, RawJSON(.object(members)), token: progressToken)
            } else {
                raw = try await link.call(tool.method, params: RawJSON(.object(members)))
            }
            return try ToolCallResult.success(raw, of: tool)
        } catch let error as RPCError {
            return ToolCallResult.failure(error)
        } catch let error as RPCClientError {
            return ToolCallResult.failure(
                "The toolkit core did not answer \(tool.method): \(error.message) Is it running (toolkit serve)?")
        } catch {
            return ToolCallResult.failure("\(tool.method) failed: \(error)")
        }
    }

    /// The `photos.import` param that makes the core fetch from public addresses only, at every connection.
    static let publicOnlyMember = "publicOnly"

    /// The directories tools may name files under: the config's `mcp.roots` and the client's roots, asked
    /// afresh at each call (a client may change them at any time).
    private func roots() async -> [String] {
        guard clientListsRoots, let given = try? await server.listRoots() else { return policy.roots }
        return policy.roots + PathGuard.paths(ofRootURIs: given.map(\.uri))
    }

    /// Calls `tool`, sending the client an MCP progress notification for each of the core's, in order.
    private func callReportingProgress(_ tool: BridgedTool, _ params: RawJSON, token: ProgressToken) async throws
        -> RawJSON
    {
        let (updates, continuation) = AsyncStream<JSONValue>.makeStream()
        let forwarding = Task { [server] in
            for await update in updates {
                guard let notification = ProgressReport(update) else { continue }
                try? await server.notify(
                    ProgressNotification.message(
                        .init(
                            progressToken: token, progress: notification.done, total: notification.total,
                            message: notification.message)))
            }
        }
        defer {
            continuation.finish()
        }
        let raw = try await link.call(tool.method, params: params) { continuation.yield($0) }
        continuation.finish()
        await forwarding.value
        return raw
    }

    /// Asks the user, when the client can ask, whether a destroying call may go ahead; the refusal when not.
    private func confirmation(of tool: BridgedTool, _ arguments: [String: MCP.Value]?) async -> String? {
        guard clientCanElicit else { return nil }
        let shown = arguments.map { JSONValue(MCP.Value.object($0)).text } ?? "{}"
        let schema = Elicitation.RequestSchema(
            title: "Delete for good?",
            description: "\(tool.method) deletes data that cannot be got back.",
            properties: ["confirm": .object(["type": "boolean", "description": "Yes, delete it."])],
            required: ["confirm"])
        do {
            let answer = try await server.requestElicitation(
                message: "A model asks to call \(tool.method) with \(shown). It deletes data for good. Go ahead?",
                requestedSchema: schema)
            if answer.action == .accept, answer.content?["confirm"]?.boolValue == true { return nil }
            return "The user did not allow \(tool.method); nothing was deleted."
        } catch {
            return "\(tool.method) needs the user's confirmation, and asking failed: \(error). Nothing was deleted."
        }
    }

    private static func instructions(_ policy: BridgePolicy) -> String {
        var text = """
            Tools of a pet photo diary: pets, albums, photos and videos, diary entries, sounds, exports and \
            archives. Ids are UUIDs; list tools (pets_list, albums_list, photos_list, diary_list) take a limit \
            and answer a cursor for the next page.
            """
        if policy.readOnly { text += " This bridge is read-only." }
        if !policy.allowDestructive { text += " Deleting tools are not offered." }
        return text
    }
}

/// Lets the link's callback reach the bridge, which owns the link and so is made after it.
private final class RefreshBox: @unchecked Sendable {
    weak var bridge: MCPBridge?
}
