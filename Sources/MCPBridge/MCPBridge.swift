#if canImport(Glibc)
public import Glibc
#endif
import JSONRPC
public import Logging
import NIOCore
import NIOPosix
import NIOConcurrencyHelpers
import ToolkitAPI

/// `toolkit mcp`: an MCP server on stdin and stdout whose tools are the core's methods (``ToolCatalogue``),
/// called over the core's socket (``JSONRPC/RPCLink/toCore(socketPath:eventLoop:onMethodsChanged:)``) under a
/// ``BridgePolicy``, and whose resources are the diary's photos, entries and pets (``ResourceMethods``).
public final class MCPBridge: Sendable {
    /// The server's name in `initialize`.
    public static let serverName = "toolkit"

    private let link: RPCLink
    /// The link's calls the bridge makes of its own: names looked up, what a deleting call destroys.
    private let calls: ResourceCalls
    /// The event loop both connections live on, the client's pipes and the core's socket, and tool calls run
    /// on: a call then changes threads nowhere between reading the request and writing the answer.
    private let eventLoop: any EventLoop
    private let policy: BridgePolicy
    private let version: String
    private let logger: Logger
    private let tools: ToolList
    private let session = ClientSession()
    /// The connection to the client once ``run(input:output:)`` has made it: to tell the client of changes.
    private let client = ClientBox()

    /// A bridge to the core on `socketPath`.
    public init(socketPath: String, policy: BridgePolicy, version: String, logger: Logger) {
        self.policy = policy
        self.version = version
        self.logger = logger
        self.tools = ToolList(policy: policy)
        let refresh = RefreshBox()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        self.eventLoop = eventLoop
        self.link = RPCLink.toCore(socketPath: socketPath, eventLoop: eventLoop) {
            await refresh.bridge?.refreshTools()
        }
        self.calls = ResourceCalls(link: link)
        refresh.bridge = self
    }

    /// Reads the core's methods, then serves MCP on `input` and `output` (stdin and stdout; it takes both over)
    /// until the client closes its end. Files and `/dev/null` work too, through a ``StreamRelay``.
    /// - Throws: what connecting to the core or discovering its methods throws (``JSONRPC/RPCClientError``
    ///   when no core answers).
    public func run(input: CInt = STDIN_FILENO, output: CInt = STDOUT_FILENO) async throws {
        _ = tools.replace(with: try await discoveredCatalogue())
        let registry = MethodRegistry()
        try register(on: registry)
        let streams = try StreamRelay(input: input, output: output)
        let connection = try await RPCClient.connect(
            input: streams.input, output: streams.output, group: eventLoop, serving: registry, logger: logger)
        client.set(connection)
        for await notification in connection.notifications {
            logger.debug("ignored a notification from the client", metadata: ["mcp.method": "\(notification.method)"])
        }
        client.set(nil)
        await link.close()
        await streams.waitUntilWritten()
    }

    private func register(on registry: MethodRegistry) throws {
        let method = MCPProtocol.Method.self
        let notification = MCPProtocol.ClientNotification.self
        try registry.register(mcp: method.initialize, .immediate { [self] params, _ in initialize(params) })
        try registry.register(mcp: method.ping, .immediate { _, _ in RawJSON(unchecked: "{}") })
        try registry.register(mcp: method.listTools, .immediate { [tools] _, _ in tools.listing })
        try registry.register(
            mcp: method.callTool,
            .deferred { [self] params, context, responder in callTool(params, context, responder) })
        try registry.register(
            mcp: notification.initialized,
            .immediate { [session] _, _ in
                session.markInitialized()
                return .null
            })
        try registry.register(
            mcp: notification.cancelled,
            .immediate { params, context in
                // The call is given up, and the core's call with it (rpc.cancel): the core keeps nothing.
                if let id = try? params?.decode(JSONValue.self)["requestId"], id.isRequestID {
                    _ = context.connection.cancelRequest(RPCID(rawJSON: id.text))
                }
                return .null
            })
        try registry.register(mcp: notification.rootsChanged, .immediate { _, _ in .null })
        try ResourceMethods(calls: calls).register(on: registry)
    }

    // MARK: Session

    private func initialize(_ params: RawJSON?) -> RawJSON {
        let given = try? params?.decode(JSONValue.self)
        session.begin(capabilities: given?["capabilities"])
        var requested: String?
        if case .string(let text)? = given?["protocolVersion"] { requested = text }
        let answer: JSONValue = .object([
            ("protocolVersion", .string(MCPProtocol.version(answering: requested))),
            (
                "capabilities",
                .object([
                    ("tools", ["listChanged": true]),
                    ("resources", ["subscribe": false, "listChanged": false]),
                ])
            ),
            (
                "serverInfo",
                .object([
                    ("name", .string(Self.serverName)), ("title", "Pet photo diary"), ("version", .string(version)),
                ])
            ),
            ("instructions", .string(Self.instructions(policy))),
        ])
        return RawJSON(answer)
    }

    // MARK: Tools

    /// The tools of the core's methods as `rpc.discover` gives them now.
    private func discoveredCatalogue() async throws -> ToolCatalogue {
        try ToolCatalogue(discovery: try await link.call("rpc.discover", params: nil).decode(JSONValue.self))
    }

    /// Discovers the core's methods again and tells the client when its tools changed.
    func refreshTools() async {
        guard let catalogue = try? await discoveredCatalogue(), tools.replace(with: catalogue),
            session.isInitialized, let connection = client.connection
        else { return }
        logger.info("the core's methods changed; telling the client its tool list changed")
        connection.notify(MCPProtocol.ServerMessage.toolsChanged)
    }

    /// Answers a tool call and logs it: `pets_create: ok in 6.9 ms`, or the error's first line.
    ///
    /// Started on the client connection's event loop with no task: a call the bridge passes on as it came (no
    /// path to check, no URL to guard, no progress to report, no user to ask) goes to the core's connection at
    /// once, and its answer back from there, as the core forwards a call to a plugin. Any other call runs in a
    /// task.
    private func callTool(_ params: RawJSON?, _ context: RPCContext, _ responder: RPCResponder) {
        let started = ContinuousClock.now
        let call: ToolCall
        do {
            call = try ToolCall(params)
        } catch {
            return responder.answer(.failure(error))
        }
        let finish: @Sendable (ToolCallResult) -> Void = { [logger] result in
            let elapsed = ContinuousClock.now - started
            let milliseconds =
                Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            logger.info("\(call.name): \(result.outcome) in \((milliseconds * 10).rounded() / 10) ms")
            responder.answer(.success(result.json))
        }
        guard let tool = tools.tool(named: call.name) else {
            return finish(.failure("There is no tool named \(call.name); tools/list names them."))
        }
        if let refusal = policy.refusal(of: tool) { return finish(.failure(refusal)) }
        let steps = CallSteps(call, tool, policy: policy, clientCanElicit: session.canElicit)
        if steps.passesAsItCame, let client = link.connectedClient {
            let id = client.call(tool.method, params: call.arguments, timeout: nil as RPCCallTimeout?) {
                [link] outcome in
                if case .failure(let error as RPCClientError) = outcome, error.code == .connectionClosed {
                    link.forget(client)
                }
                finish(ToolCallResult(outcome, of: tool))
            }
            responder.onCancel { client.cancelCall(id) }
            return
        }
        let task = Task { finish(await answer(call, tool, steps, context)) }
        responder.onCancel { task.cancel() }
    }

    /// What the bridge does to a call before the core sees it.
    private struct CallSteps {
        /// Asks the user first (a destroying call, when the client can ask).
        var asksUser: Bool
        /// Looks up the pets and albums the arguments name by name (``RecordNames``).
        var resolvesNames: Bool
        /// Reads the arguments for a value that makes the call destroy (``DestroyingArguments``).
        var checksDestruction: Bool
        /// Checks the file paths the arguments name against the roots.
        var guardsPaths: Bool
        /// Makes a URL import fetch from public addresses only.
        var guardsFetch: Bool
        /// Asks the core for progress, to report it to the client.
        var reportsProgress: Bool

        init(_ call: ToolCall, _ tool: BridgedTool, policy: BridgePolicy, clientCanElicit: Bool) {
            asksUser = tool.effect == .destroy && clientCanElicit
            resolvesNames = RecordNames.named(in: call.arguments, of: tool)
            checksDestruction = !tool.destroyingArguments.isEmpty
            guardsPaths = !tool.pathParams.isEmpty
            guardsFetch = tool.method == PhotosImport.name && !policy.allowPrivateURLs
            reportsProgress = tool.takesProgress && call.progressToken != nil
        }

        /// The call goes to the core with its arguments as they came, and nothing to wait for first.
        var passesAsItCame: Bool {
            !(asksUser || resolvesNames || checksDestruction || guardsPaths || guardsFetch || reportsProgress)
        }
    }

    private func answer(
        _ call: ToolCall, _ tool: BridgedTool, _ steps: CallSteps, _ context: RPCContext
    ) async -> ToolCallResult {
        // The arguments go to the core as the client sent them, unless the bridge must read or add to them.
        var params = call.arguments
        if !steps.passesAsItCame {
            var members = call.members()
            if steps.resolvesNames {
                do {
                    members = try await RecordNames.resolved(members, method: tool.method, calls: calls)
                } catch let refusal as NameRefusal {
                    return .failure(refusal.message)
                } catch let error as RPCError {
                    return .failure(error)
                } catch {
                    return .failure("Looking up the names in the arguments of \(tool.method) failed: \(error)")
                }
            }
            if steps.asksUser {
                let destroyed = await DestroyedRecord.description(method: tool.method, arguments: members, calls: calls)
                if let refusal = await confirmation(of: tool, RawJSON(.object(members)), context, deleting: destroyed) {
                    return .failure(refusal)
                }
            }
            if steps.checksDestruction,
                let destruction = DestroyingArguments.destruction(
                    method: tool.method, arguments: members, rules: tool.destroyingArguments)
            {
                if let refusal = policy.refusal(of: tool, destroying: destruction) { return .failure(refusal) }
                if session.canElicit,
                    let refusal = await confirmation(of: tool, call.arguments, context, saying: destruction)
                {
                    return .failure(refusal)
                }
            }
            if steps.guardsPaths,
                let refusal = PathGuard.refusal(
                    method: tool.method, arguments: members, params: tool.pathParams,
                    roots: await roots(context))
            {
                return .failure(refusal)
            }
            if steps.guardsFetch, members.contains(where: { $0.0 == "url" }) {
                members.removeAll { $0.0 == Self.publicOnlyMember }
                members.append((Self.publicOnlyMember, true))
            }
            if steps.reportsProgress {
                members.removeAll { $0.0 == ToolSchema.progressMember }
                members.append((ToolSchema.progressMember, true))
            }
            params = RawJSON(.object(members))
        }
        var onProgress: (@Sendable (JSONValue) -> Void)?
        if steps.reportsProgress, let token = call.progressToken {
            let connection = context.connection
            onProgress = { update in
                guard let report = ProgressReport(update) else { return }
                connection.send(
                    notification: RPCRequest(
                        method: MCPProtocol.ServerMessage.progress, id: nil, params: RawJSON(report.json(token: token)))
                )
            }
        }
        do {
            return ToolCallResult(
                .success(try await link.call(tool.method, params: params, onProgress: onProgress)), of: tool)
        } catch {
            return ToolCallResult(.failure(error), of: tool)
        }
    }

    /// The `photos.import` param that makes the core fetch from public addresses only, at every connection.
    static let publicOnlyMember = "publicOnly"

    /// The directories tools may name files under: the config's `mcp.roots` and the client's roots, asked
    /// afresh at each call (a client may change them at any time).
    private func roots(_ context: RPCContext) async -> [String] {
        guard session.listsRoots,
            let answer = try? await context.connection.call(MCPProtocol.ServerMessage.listRoots, params: nil)
                .decode(JSONValue.self),
            case .array(let given)? = answer["roots"]
        else { return policy.roots }
        var uris: [String] = []
        for root in given { if case .string(let uri)? = root["uri"] { uris.append(uri) } }
        return policy.roots + PathGuard.paths(ofRootURIs: uris)
    }

    /// Asks the user whether a destroying call may go ahead; the refusal when not. `destruction` says what the
    /// call destroys when its arguments make it destroy; `deleting` names what a deleting call deletes (`delete
    /// the pet 두부 with 3 albums and 12 entries`), and then the message shows no ids.
    private func confirmation(
        of tool: BridgedTool, _ arguments: RawJSON, _ context: RPCContext, saying destruction: String? = nil,
        deleting: String? = nil
    ) async -> String? {
        let consequence = destruction ?? "\(tool.method) deletes data that cannot be got back"
        let message =
            if let deleting {
                "A model asks to \(deleting) (\(tool.method)). It cannot be got back. Go ahead?"
            } else {
                "A model asks to call \(tool.method) with \(arguments.text): \(consequence). Go ahead?"
            }
        let request: JSONValue = .object([
            ("message", .string(message)),
            (
                "requestedSchema",
                .object([
                    ("type", "object"), ("title", "Delete for good?"),
                    ("description", .string((deleting.map { "This will " + $0 } ?? consequence) + ".")),
                    ("properties", ["confirm": ["type": "boolean", "description": "Yes, delete it."]]),
                    ("required", ["confirm"]),
                ])
            ),
        ])
        do {
            let answer = try await context.connection.call(MCPProtocol.ServerMessage.elicit, params: RawJSON(request))
                .decode(JSONValue.self)
            if case .string("accept")? = answer["action"], case .bool(true)? = answer["content"]?["confirm"] {
                return nil
            }
            return "The user did not allow \(tool.method); nothing was changed."
        } catch {
            return "\(tool.method) needs the user's confirmation, and asking failed: \(error). Nothing was changed."
        }
    }

    private static func instructions(_ policy: BridgePolicy) -> String {
        var text = """
            Tools of a pet photo diary: pets, albums, photos and videos, diary entries, sounds, exports and \
            archives. Ids are UUIDs; a pet may also be given by its name and an album by its title (petId, \
            albumId, and the id of pets_ and albums_ tools). List tools (pets_list, albums_list, photos_list, \
            diary_list) take a limit and answer a cursor for the next page.
            """
        if policy.readOnly { text += " This bridge is read-only." }
        if !policy.allowDestructive { text += " Deleting tools are not offered." }
        return text
    }
}

/// The connection to the client, which exists only while ``MCPBridge/run(input:output:)`` runs.
private final class ClientBox: Sendable {
    private let box = NIOLockedValueBox<RPCClient?>(nil)
    func set(_ client: RPCClient?) { box.withLockedValue { $0 = client } }
    var connection: RPCClient? { box.withLockedValue { $0 } }
}

extension JSONValue {
    /// JSON-RPC's request ids are strings or integers.
    fileprivate var isRequestID: Bool {
        switch self {
        case .string, .int: true
        default: false
        }
    }
}

/// Lets the link's callback reach the bridge, which owns the link and so is made after it.
private final class RefreshBox: @unchecked Sendable {
    weak var bridge: MCPBridge?
}
