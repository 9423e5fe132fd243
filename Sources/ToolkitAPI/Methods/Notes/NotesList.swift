public import JSONRPC

/// `notes.list {entryId | photoId}` → `{items: [note]}`, oldest first.
public enum NotesList: APIMethod {
    public static let name = "notes.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Lists the voice notes of a diary entry or a photo, oldest first."
    public static let paramsSchema: JSONSchema = .object(["entryId": APISchema.id, "photoId": APISchema.id])
    public static let resultSchema: JSONSchema = .object(["items": .array(of: APISchema.note)])

    /// The params of `notes.list`: `{entryId | photoId}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var entryId: String?
        /// A record id (UUID).
        public var photoId: String?

        /// Makes the params; give exactly one of `entryId` and `photoId`.
        public init(entryId: String? = nil, photoId: String? = nil) {
            self.entryId = entryId
            self.photoId = photoId
        }
    }

    /// What `notes.list` answers: `{items: [note]}`.
    public struct Result: Codable, Sendable, Hashable {
        /// The notes, oldest first.
        public var items: [NoteRecord]

        /// Makes the answer.
        public init(items: [NoteRecord]) { self.items = items }
    }
}
