public import JSONRPC
public import Logging
import NIOConcurrencyHelpers
public import ToolkitAPI

/// A plugin's side of protocol 1 (docs/plugins.md): what it declares, and the connection it serves on its
/// stdin and stdout.
///
/// Declare everything before ``run()``: the manifest the core asks for first is made from it.
///
/// ```swift
/// let plugin = Plugin(name: "on-this-day", version: "1.0.0")
/// plugin.declare(.years)
/// try plugin.register(MemoriesOnThisDayHandler(plugin: plugin), timeout: .seconds(30))
/// plugin.on(EntryCreated.self) { event in … }  // event.data is an EntryRecord
/// try plugin.hook(EntryBeforeSave.self) { params, _ in .continue }
/// plugin.whenReady { plugin in await MemoryWatch(plugin: plugin).run() }
/// try await plugin.run()
/// ```
public final class Plugin: Sendable {
    /// The manifest's name: `[a-z0-9][a-z0-9._-]*`.
    public let name: String
    /// The manifest's version.
    public let version: String
    /// Whether the core refuses to run without this plugin.
    public let important: Bool
    /// Where the plugin logs: stderr, which the core writes into its own log under the plugin's name.
    public let logger: Logger
    /// The methods the plugin answers on its stdin: its own, the hooks, and the protocol's.
    public let registry: MethodRegistry
    let state = NIOLockedValueBox(State())

    /// What is declared, and what `init` and ``run()`` set; only touched under the lock.
    struct State {
        var methods: [(name: String, timeout: Duration?)] = []
        var subscriptions: [EventSubscription] = []
        var hooks: [HookDeclaration] = []
        var options: [PluginOptionRecord] = []
        var initBody: (@Sendable (Plugin) async throws -> String?)?
        var readyBodies: [@Sendable (Plugin) async -> Void] = []
        var configuration: PluginConfiguration?
        var connection: (any RPCConnection)?
        var ready: AsyncStream<Void>.Continuation?
        /// The link to the core's socket, made by the first ``core()`` once `init` has given the socket.
        var coreLink: RPCLink?
    }

    /// Makes a plugin that declares nothing yet.
    /// - Parameters:
    ///   - important: when true, the core stops with a clear message if this plugin cannot start.
    ///   - logger: where to log; a logger writing to stderr when nil (stdout carries the protocol).
    public init(name: String, version: String, important: Bool = false, logger: Logger? = nil) {
        self.name = name
        self.version = version
        self.important = important
        self.logger =
            logger ?? Logger(label: name, factory: { label in StreamLogHandler.standardError(label: label) })
        registry = MethodRegistry()
        do {
            try registry.register(GetManifestHandler(plugin: self))
            try registry.register(InitializeHandler(plugin: self))
            try registry.register(CancelHandler())
        } catch {
            preconditionFailure("A new registry refused the protocol's methods: \(error)")
        }
    }

    /// Adds a method: a handler of a described method, in the style of the core's own handlers. The method's
    /// `paramsSchema` (checked by the core before a call is forwarded), `resultSchema` and `effect` go into
    /// the manifest.
    /// - Parameters:
    ///   - timeout: the method's call timeout in the manifest; the core's (60 s) when nil.
    ///   - effect: what the method does to the user's data, shown by `rpc.discover`; the description's
    ///     `effect` (``JSONRPC/RPCMethodEffect/write`` unless it says) when nil.
    /// - Throws: ``JSONRPC/RPCError`` -32002 when the name is taken, -32602 when it begins with `rpc.`.
    public func register<H: RPCHandler>(_ handler: H, timeout: Duration? = nil, effect: RPCMethodEffect? = nil)
        throws
    {
        try register(RegisteredMethod(handler, provider: name), timeout: timeout, effect: effect)
    }

    /// Adds a method answered at once, without waiting (see ``JSONRPC/RPCImmediateHandler``).
    /// - Throws: as ``register(_:timeout:effect:)-(RPCHandler,_,_)``.
    public func register<H: RPCImmediateHandler>(
        _ handler: H, timeout: Duration? = nil, effect: RPCMethodEffect? = nil
    ) throws {
        try register(RegisteredMethod(handler, provider: name), timeout: timeout, effect: effect)
    }

    /// Registers `method` with `effect` in place of its own, when given, and lists it in the manifest.
    private func register(_ method: RegisteredMethod, timeout: Duration?, effect: RPCMethodEffect?) throws {
        var method = method
        if let effect {
            method = RegisteredMethod(
                name: method.name, summary: method.summary, paramsSchema: method.paramsSchema,
                resultSchema: method.resultSchema, provider: method.provider, effect: effect, body: method.body)
        }
        try registry.register(method)
        state.withLockedValue { $0.methods.append((method.name, timeout)) }
    }

    /// Declares an option in the manifest; ``option(_:)`` reads its value after `init`.
    public func declare<Value>(_ option: PluginOption<Value>) {
        state.withLockedValue { state in
            state.options.removeAll { $0.name == option.name }
            state.options.append(option.declaration)
        }
    }

    /// The value `init` gave for `option`, or its default (before `init`, or when the value is not of its type).
    public func option<Value>(_ option: PluginOption<Value>) -> Value {
        let value = state.withLockedValue { $0.configuration?.options[option.name] }
        return value.flatMap(Value.init(json:)) ?? option.defaultValue
    }

    /// Subscribes to events: `body` gets every `event` whose topic matches `topic` (exact, `noun.*` or `*`),
    /// its `data` decoded as `Data`. Events reach subscribers one at a time, in the order the core sent them;
    /// one whose data does not decode, or whose body throws, is logged and skipped.
    public func subscribe<Data: Decodable & Sendable>(
        to topic: String, as type: Data.Type = Data.self,
        _ body: @escaping @Sendable (PluginEvent<Data>) async throws -> Void
    ) {
        let subscription = EventSubscription(pattern: topic) { raw in
            try await body(try raw.decode(PluginEvent<Data>.self))
        }
        state.withLockedValue { $0.subscriptions.append(subscription) }
    }

    /// Subscribes to an event of the core's catalogue (ToolkitAPI's ``ToolkitAPI/EventCatalogue``): `body` gets
    /// every event of `event`'s topic, its `data` decoded as the catalogue's wire record (an
    /// ``ToolkitAPI/EntryRecord`` for ``ToolkitAPI/EntryCreated``). As ``subscribe(to:as:_:)`` otherwise.
    public func on<Event: APIEvent>(
        _ event: Event.Type, _ body: @escaping @Sendable (EventNotification<Event.Data>) async throws -> Void
    ) {
        subscribe(to: Event.topic, as: Event.Data.self, body)
    }

    /// Answers a hook the core calls before it stores a change.
    /// - Parameters:
    ///   - timeout: the deadline of each call (the core's 5 s when nil).
    ///   - onFailure: what the core does when the plugin errs or is late (the core's `continue` when nil).
    ///   - before: plugins this one runs before; `after`: plugins it runs after.
    ///   - body: decides on the change: ``HookAnswer/continue``, ``HookAnswer/change(_:)`` or
    ///     ``HookAnswer/reject(_:)``.
    /// - Throws: ``JSONRPC/RPCError`` -32002 when the plugin already answers this hook.
    public func hook<H: APIHook>(
        _ hook: H.Type, timeout: Duration? = nil, onFailure: HookDeclaration.FailurePolicy? = nil,
        before: [String] = [], after: [String] = [],
        _ body: @escaping @Sendable (H.Params, RPCContext) async throws -> HookAnswer<H.Params>
    ) throws {
        try registry.register(
            RegisteredMethod(
                name: H.name, summary: "The \(H.name) hook.", provider: name,
                body: .task { raw, context in
                    let params: H.Params
                    do {
                        params = try (raw ?? .null).decode(H.Params.self)
                    } catch {
                        throw RPCError.invalidParams("The \(H.name) params do not decode: \(error).")
                    }
                    return try RawJSON(encoding: try await body(params, context))
                }))
        let declaration = HookDeclaration(
            name: H.name, timeout: timeout, onFailure: onFailure, before: before, after: after)
        state.withLockedValue { $0.hooks.append(declaration) }
    }

    /// Runs `body` when `init` comes, after the options are in place (connect to the core, check the data
    /// directory). Return a reason to answer `{"disable": reason}`, which leaves the plugin disabled, or nil.
    public func onInit(_ body: @escaping @Sendable (Plugin) async throws -> String?) {
        state.withLockedValue { $0.initBody = body }
    }

    /// Runs `body` once `init` is answered, until the plugin stops: a timer, a watch. It is cancelled when the
    /// core shuts the plugin down or closes its stdin.
    public func whenReady(_ body: @escaping @Sendable (Plugin) async -> Void) {
        state.withLockedValue { $0.readyBodies.append(body) }
    }

    /// What the core sent in `init`; nil before it.
    public var configuration: PluginConfiguration? {
        state.withLockedValue { $0.configuration }
    }

    /// The manifest made from what is registered now: what `getmanifest` answers. Each method's params and
    /// result schemas are its description's (`paramsSchema`, `resultSchema`; a result of `.any` is left out),
    /// which `rpc.discover` shows, and so is its effect, always written (`write` when nothing said another).
    public var manifest: PluginManifestRecord {
        let (methods, subscriptions, hooks, options) = state.withLockedValue {
            ($0.methods, $0.subscriptions.map(\.pattern), $0.hooks, $0.options)
        }
        var seen: Set<String> = []
        return PluginManifestRecord(
            name: name, version: version,
            methods: methods.compactMap { name, timeout in
                registry.method(named: name).map {
                    PluginMethodRecord(
                        name: $0.name, description: $0.summary, params: $0.paramsSchema.json,
                        result: $0.resultSchema == .any ? JSONValue?.none : $0.resultSchema.json, timeout: timeout,
                        effect: $0.effect)
                }
            },
            subscriptions: subscriptions.filter { seen.insert($0).inserted }, hooks: hooks, options: options,
            important: important)
    }
}
