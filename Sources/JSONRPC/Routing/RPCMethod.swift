/// What every method tells about itself, for dispatch and for `rpc.discover`.
public protocol RPCMethodDescribing: Sendable {
    associatedtype Params: Decodable & Sendable = NoParams
    associatedtype Result: Encodable & Sendable

    /// The method's name, `noun.verb`.
    static var name: String { get }
    /// One or two sentences for `rpc.discover` and `--help`.
    static var summary: String { get }
    /// A JSON Schema of the params object.
    static var paramsSchema: JSONSchema { get }
    /// A JSON Schema of the result.
    static var resultSchema: JSONSchema { get }
    /// The names that params given by position (an array) map to, in order; nil accepts only an object.
    static var positionalParameters: [String]? { get }
}

extension RPCMethodDescribing {
    public static var paramsSchema: JSONSchema { .object([:]) }
    public static var resultSchema: JSONSchema { .any }
    public static var positionalParameters: [String]? { nil }
}

/// A method that does asynchronous work: it runs in its own task, concurrently with the connection's other
/// requests, and is cancelled when its client cancels it or goes away.
public protocol RPCMethod: RPCMethodDescribing {
    /// Answers one call.
    /// - Throws: an ``RPCError``, an error the daemon maps to one, or `CancellationError` (-32005).
    func handle(_ params: Params, context: RPCContext) async throws -> Result

    /// Whether the method's work is short and never blocks (a read of the database's cached pages, a
    /// fraction of a millisecond): its task then runs on the connection's event loop, which saves the two
    /// thread switches of a task on the global pool, most of the time of such a call. Default `false`.
    /// Blocking work (files, fsync) must go to a thread pool of its own either way.
    static var prefersEventLoop: Bool { get }
}

extension RPCMethod {
    public static var prefersEventLoop: Bool { false }
}

/// A method that answers at once without blocking or waiting (a ping, a look-up in memory). It runs
/// inline where the request was read, which saves a task and two thread hops per call.
public protocol RPCImmediateMethod: RPCMethodDescribing {
    /// Answers one call. Must not block or wait.
    func handle(_ params: Params, context: RPCContext) throws -> Result
}

/// The params of a method that takes none (an empty object, or none at all).
public struct NoParams: Codable, Sendable, Hashable {
    public init() {}
}
