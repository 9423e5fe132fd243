public import JSONRPC

/// `notes.attach {soundId, entryId | photoId}` → the note.
public enum NotesAttach: APIMethod {
    public static let name = "notes.attach"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Attaches an existing sound (an imported one, say) to a diary entry or a photo as a voice note; give exactly \
        one of entryId and photoId. Publishes note.added.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["soundId": APISchema.soundID, "entryId": APISchema.id, "photoId": APISchema.id], required: ["soundId"])
    public static let resultSchema: JSONSchema = APISchema.note

    /// The params of `notes.attach`: `{soundId, entryId | photoId}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A sound id: a UUID, or a built-in sound's name (squeak, whistle, bell, clicker, chirp).
        public var soundId: String
        /// A record id (UUID).
        public var entryId: String?
        /// A record id (UUID).
        public var photoId: String?

        /// Makes the params; give exactly one of `entryId` and `photoId`.
        public init(soundId: String, entryId: String? = nil, photoId: String? = nil) {
            self.soundId = soundId
            self.entryId = entryId
            self.photoId = photoId
        }
    }
    /// The new note. -32001 for an unknown sound, entry or photo.
    public typealias Result = NoteRecord
}
