public import JSONRPC

/// `sounds.rename {id, title}` → the sound.
public enum SoundsRename: APIMethod {
    public static let name = "sounds.rename"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Gives an imported or recorded sound a new title; built-in sounds keep theirs."
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.soundID, "title": .string()], required: ["id", "title"])
    public static let resultSchema: JSONSchema = APISchema.sound

    /// The sound's id and its new title (up to 50 characters).
    public typealias Params = Retitling
    /// The sound as it is now. -32001 when no sound has the id; -32002 for a built-in sound.
    public typealias Result = SoundRecord
}
