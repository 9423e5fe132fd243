public import JSONRPC

/// `sounds.rename {id, title}` → the sound.
public enum SoundsRename: APIMethod {
    public static let name = "sounds.rename"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Gives an imported or recorded sound a new title; built-in sounds keep theirs."
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.soundID, "title": .string()], required: ["id", "title"])
    public static let resultSchema: JSONSchema = APISchema.sound

    public typealias Params = Retitling
    public typealias Result = SoundRecord
}
