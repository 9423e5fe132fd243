import JSONRPC

/// A connection to the core that a command closes when it is done with it: ``CoreCall``, a bare
/// `RPCClient`, an ``ArchiveRun``.
protocol CoreConnection {
    /// Closes the connection; awaited, so nothing of it outlives the command.
    func close() async
}

extension CoreCall: CoreConnection {}
extension RPCClient: CoreConnection {}
extension ArchiveRun: CoreConnection {}

/// Connects to the core and runs `body` with the connection, closing it when `body` returns or throws.
/// - Parameter flags: the command's flags, for the core's refusals to name (``ParamFlags``).
/// - Throws: `ExitCode` 69 when no core is listening (``CoreCall/connect(_:flags:)``), else what `body` throws.
func withCore<Result>(
    _ global: GlobalOptions, flags: ParamFlags = ParamFlags(), _ body: (CoreCall) async throws -> Result
) async throws -> Result {
    try await withCore(try await CoreCall.connect(global, flags: flags), body)
}

/// Runs `body` with `connection`, then closes it, whether `body` returned or threw.
/// - Throws: what `body` throws.
func withCore<Connection: CoreConnection, Result>(
    _ connection: Connection, _ body: (Connection) async throws -> Result
) async rethrows -> Result {
    let result: Result
    do {
        result = try await body(connection)
    } catch {
        await connection.close()
        throw error
    }
    await connection.close()
    return result
}
