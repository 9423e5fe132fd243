/// The code that answers one method: the method's description (``Method``) says what travels on the wire,
/// the handler what the server does with it.
///
/// It runs in its own task, concurrently with the connection's other requests, and is cancelled when its
/// client cancels it or goes away.
public protocol RPCHandler: Sendable {
    /// The method answered.
    associatedtype Method: RPCMethodDescribing

    /// Answers one call.
    /// - Throws: an ``RPCError``, an error the daemon maps to one, or `CancellationError` (-32005).
    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result

    /// Whether the work is short and never blocks (a read of the database's cached pages, a fraction of a
    /// millisecond): its task then runs on the connection's event loop, which saves the two thread switches
    /// of a task on the global pool, most of the time of such a call. Default `false`. Blocking work (files,
    /// fsync) must go to a thread pool of its own either way, and writes, searches and plugin calls stay
    /// off the loop. Measured costs are in `Benchmarks/notes/2026-11-29-why.md` (reads on the event loop).
    static var prefersEventLoop: Bool { get }
}

extension RPCHandler {
    public static var prefersEventLoop: Bool { false }
}

/// Code that answers a method at once without blocking or waiting (a ping, a look-up in memory). It runs
/// inline where the request was read, which saves a task and two thread hops per call.
public protocol RPCImmediateHandler: Sendable {
    /// The method answered.
    associatedtype Method: RPCMethodDescribing

    /// Answers one call. Must not block or wait.
    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result
}
