/// A method as the registry holds it: its description and the code that answers it, over raw JSON.
public struct RegisteredMethod: Sendable {
    /// How the method runs.
    public enum Body: Sendable {
        /// Inline where the request was read; must not block or wait.
        case immediate(@Sendable (RawJSON?, RPCContext) throws -> RawJSON)
        /// In a task of its own, on Swift's global pool.
        case task(@Sendable (RawJSON?, RPCContext) async throws -> RawJSON)
        /// In a task of its own that prefers the connection's event loop as its executor (see
        /// ``RPCMethod/prefersEventLoop``).
        case taskOnEventLoop(@Sendable (RawJSON?, RPCContext) async throws -> RawJSON)
        /// Started inline on the connection's event loop, with no task: the body must not block, and answers
        /// later, from any thread, through the ``RPCResponder`` (a call forwarded to a plugin's pipe).
        case deferred(@Sendable (RawJSON?, RPCContext, RPCResponder) -> Void)
    }

    public let name: String
    public let summary: String
    public let paramsSchema: JSONSchema
    public let resultSchema: JSONSchema
    /// Who answers: `builtin`, or the name of the plugin that registered it.
    public let provider: String
    /// What the method does to the user's data; read only by `rpc.discover`.
    public let effect: RPCMethodEffect
    public let body: Body

    public init(
        name: String, summary: String, paramsSchema: JSONSchema = .any, resultSchema: JSONSchema = .any,
        provider: String = "builtin", effect: RPCMethodEffect = .write, body: Body
    ) {
        self.name = name
        self.summary = summary
        self.paramsSchema = paramsSchema
        self.resultSchema = resultSchema
        self.provider = provider
        self.effect = effect
        self.body = body
    }
}

extension RegisteredMethod {
    /// A described method answered by raw code (a constant, a call forwarded as it came): the description
    /// gives the name, summary, schemas and effect.
    public init<M: RPCMethodDescribing>(describedBy method: M.Type, provider: String = "builtin", body: Body) {
        self.init(
            name: M.name, summary: M.summary, paramsSchema: M.paramsSchema, resultSchema: M.resultSchema,
            provider: provider, effect: M.effect, body: body)
    }

    /// Wraps a typed asynchronous handler.
    public init<H: RPCHandler>(_ handler: H, provider: String = "builtin") {
        let (decode, encode) = Self.coding(H.Method.self)
        let body: @Sendable (RawJSON?, RPCContext) async throws -> RawJSON = { raw, context in
            try encode(try await handler.handle(try decode(raw), context: context))
        }
        self.init(
            describedBy: H.Method.self, provider: provider,
            body: H.prefersEventLoop ? .taskOnEventLoop(body) : .task(body))
    }

    /// Wraps a typed immediate handler.
    public init<H: RPCImmediateHandler>(_ handler: H, provider: String = "builtin") {
        let (decode, encode) = Self.coding(H.Method.self)
        self.init(
            describedBy: H.Method.self, provider: provider,
            body: .immediate { raw, context in try encode(try handler.handle(try decode(raw), context: context)) })
    }

    /// How a typed method's params are read from raw JSON and its result written.
    private static func coding<M: RPCMethodDescribing>(
        _ method: M.Type
    ) -> (decode: @Sendable (RawJSON?) throws -> M.Params, encode: @Sendable (M.Result) throws -> RawJSON) {
        (
            ParamsDecoder.decoder(for: M.Params.self, positional: M.positionalParameters),
            ResultEncoder.encoder(for: M.Result.self)
        )
    }
}
