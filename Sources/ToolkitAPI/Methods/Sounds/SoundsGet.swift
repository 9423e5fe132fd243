public import JSONRPC

/// `sounds.get {id}` → the sound.
public enum SoundsGet: APIMethod {
    public static let name = "sounds.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one sound: its title, kind, duration and format."
    public static let paramsSchema: JSONSchema = .object(["id": APISchema.soundID], required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.sound
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The sound's id: a UUID, or a built-in sound's name.
    public typealias Params = RecordID
    /// The sound; -32001 when no sound has the id.
    public typealias Result = SoundRecord
}
