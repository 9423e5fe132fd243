public import JSONRPC

/// A group of methods that registers itself, the way every handler group (pets, albums, photos, diary,
/// settings, system, events, and sounds, export and plugins to come) adds its methods to the core.
///
/// A group holds what its handlers need and registers each of them in the one `MethodRegistry` that
/// plugins register in too.
public protocol MethodGroup: Sendable {
    /// Registers every method of the group.
    /// - Throws: `RPCError` -32002 when a name is already registered.
    func register(in registry: MethodRegistry) throws
}
