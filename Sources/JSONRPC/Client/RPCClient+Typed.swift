extension RPCClient {
    /// Calls a described method with typed params and decodes its typed result:
    /// `try await client.call(PetsCreate.self, .init(name: "보리"))`.
    /// - Throws: ``RPCError`` when the server answers with an error (-32602 for params it refuses, say);
    ///   ``RPCClientError`` when the connection fails; `DecodingError` when the result is not the method's.
    public func call<M: RPCMethodDescribing>(_ method: M.Type, _ params: M.Params) async throws -> M.Result
    where M.Params: Encodable, M.Result: Decodable {
        try await call(M.name, params: RawJSON(encoding: params)).decode(M.Result.self)
    }

    /// Calls a described method that takes no params.
    public func call<M: RPCMethodDescribing>(_ method: M.Type) async throws -> M.Result
    where M.Params == NoParams, M.Result: Decodable {
        try await call(M.name, params: nil).decode(M.Result.self)
    }
}
