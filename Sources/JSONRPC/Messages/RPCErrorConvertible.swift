/// An error that knows which JSON-RPC error a client should see for it.
///
/// Domain modules do not conform their errors themselves; the daemon does, in one place, following the
/// table in DESIGN.md. Errors that conform to nothing become -32603 and are logged in full.
public protocol RPCErrorConvertible: Error {
    var rpcError: RPCError { get }
}
