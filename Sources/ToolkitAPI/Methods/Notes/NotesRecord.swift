public import JSONRPC

/// `notes.record {entryId | photoId, seconds, device?, progress?}` → the note.
public enum NotesRecord: APIMethod {
    public static let name = "notes.record"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Records a voice note on a diary entry or a photo (give exactly one of entryId and photoId): a sound of kind \
        recorded, titled after what it annotates, captured as sounds.record does (16-bit mono 44100 Hz, at most \
        600 seconds, progress, cancel), and attached in the same transaction. Publishes sound.recorded and \
        note.added.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "entryId": APISchema.id, "photoId": APISchema.id,
            "seconds": .number(description: "How long to record: more than 0, at most 600."),
            "device": .string(description: "An ALSA PCM name; the settings' captureDevice when absent."),
            "progress": .boolean(description: "Send a progress notification about each second."),
        ],
        required: ["seconds"])
    public static let resultSchema: JSONSchema = APISchema.note

    /// The params of `notes.record`: `{entryId | photoId, seconds, device?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var entryId: String?
        /// A record id (UUID).
        public var photoId: String?
        /// How long to record: more than 0, at most 600.
        public var seconds: Double
        /// An ALSA PCM name; the settings' captureDevice when absent.
        public var device: String?
        /// Send a progress notification about each second.
        public var progress: Bool?

        /// Makes the params; give exactly one of `entryId` and `photoId`.
        public init(
            entryId: String? = nil, photoId: String? = nil, seconds: Double, device: String? = nil,
            progress: Bool? = nil
        ) {
            self.entryId = entryId
            self.photoId = photoId
            self.seconds = seconds
            self.device = device
            self.progress = progress
        }
    }
    /// The new note, whose sound is a new `recorded` sound. -32001 for an unknown entry or photo; -32006 for a device
    /// ALSA cannot open; -32005 when cancelled, and then nothing is kept.
    public typealias Result = NoteRecord
}
