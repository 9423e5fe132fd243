import ToolkitTestSupport

/// How a test reaches the core: the one switch that lets a test body run against the core in process, over
/// a socket, or as the built binary, as Hummingbird's `.router` and `.live` do.
///
/// Run a body in every mode with `@Test(arguments: CoreTestMode.allCases)` and ``withCore(_:_:)``; the
/// behaviour on the wire must be the same in each.
public enum CoreTestMode: String, CaseIterable, Sendable {
    /// A ``ToolkitCore/Core`` in this process, reached without a socket file: each client gets one end of a
    /// `socketpair(2)` whose other end the core serves with the same connection handler as accepted ones.
    case inProcess
    /// A core in this process listening on a real Unix socket in a temp directory (``InProcessServer``).
    case socket
    /// The built `toolkit serve` as a child process, reached over its socket (``CoreProcess``).
    case binary
}

/// Starts a core in `mode` on a fresh temp directory, runs `body` with it, and stops it (whether or not
/// `body` throws).
/// - Parameter environment: variables for the core in the binary mode (see ``TestCore/init(_:environment:)``).
/// - Returns: what `body` returns.
/// - Throws: what starting the core or `body` throws; ``ToolkitTestSupport/TestFailure`` when the core does
///   not exit with status 0 on SIGTERM.
public func withCore<Value>(
    _ mode: CoreTestMode, environment: [String: String] = [:], _ body: (TestCore) async throws -> Value
) async throws -> Value {
    let core = try await TestCore(mode, environment: environment)
    let value: Value
    do {
        value = try await body(core)
    } catch {
        await core.stop()
        throw error
    }
    let status = await core.stop()
    guard status == 0 else { throw TestFailure("the \(mode) core exited with status \(status) when stopped") }
    return value
}
