public import JSONRPC

/// `notes.play {id, device?, wait?}` → what `sounds.play` answers for the note's sound.
public enum NotesPlay: APIMethod {
    public static let name = "notes.play"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Plays a voice note's sound as sounds.play does: on the device given, else the settings' soundDevice; with \
        wait it answers when the sound has ended.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "id": APISchema.id,
            "device": .string(description: "An ALSA PCM name; the settings' soundDevice when absent."),
            "wait": .boolean(description: "Answer when the sound has ended rather than when it started."),
        ],
        required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.play
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The note's id (in `id`), the device and `wait`, as `sounds.play` takes them.
    public typealias Params = SoundsPlay.Params
    /// What `sounds.play` answers for the note's sound; -32001 when no note has the id.
    public typealias Result = PlayRecord
}
