public import JSONRPC

/// A method of the toolkit's catalogue: its name, params, result and schemas, as every side sees them.
///
/// The core's handlers implement these descriptions, the CLI and tests call them with
/// `client.call(PetsCreate.self, .init(name: "보리"))`, and the plugin SDK uses the same types. Params and
/// results are `Codable` both ways, so a client encodes what the core decodes and decodes what it encodes.
public protocol APIMethod: RPCMethodDescribing where Params: Codable & Hashable, Result: Codable {}

/// `{id}`: the params of every method that names one record.
public struct RecordID: Codable, Sendable, Hashable {
    /// A record id (UUID).
    ///
    /// A sound id: a UUID, or a built-in sound's name (squeak, whistle, bell, clicker, chirp).
    public var id: String

    /// Names the record `id`.
    public init(id: String) { self.id = id }
}

/// `{id, force?}`: the params of a delete that may take children with it.
public struct ForcedDeletion: Codable, Sendable, Hashable {
    /// A record id (UUID).
    ///
    /// A sound id: a UUID, or a built-in sound's name (squeak, whistle, bell, clicker, chirp).
    public var id: String
    /// Delete the children too; without it, a record that has some is refused with -32002.
    public var force: Bool?

    /// Names the record `id`; `force` nil is false.
    public init(id: String, force: Bool? = nil) {
        self.id = id
        self.force = force
    }
}
