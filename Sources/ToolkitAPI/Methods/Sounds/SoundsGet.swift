public import JSONRPC

/// `sounds.get {id}` → the sound.
public enum SoundsGet: APIMethod {
    public static let name = "sounds.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one sound: its title, kind, duration and format."
    public static let paramsSchema: JSONSchema = .object(["id": APISchema.soundID], required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.sound
    public static let positionalParameters: [String]? = ["id"]

    public typealias Params = RecordID
    public typealias Result = SoundRecord
}
