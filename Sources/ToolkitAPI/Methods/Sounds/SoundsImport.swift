public import JSONRPC

/// `sounds.import {path | data, title}` → the sound.
public enum SoundsImport: APIMethod {
    public static let name = "sounds.import"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Imports a WAV file as a sound, from an absolute path on the core's machine or from base64 data. PCM of \
        8, 16, 24 or 32 bits and float WAV files are read; a file the WAV reader refuses is not stored, and the \
        error says why.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "path": APISchema.path(description: "An absolute path; only for a client of the core's own user."),
            "data": .string(description: "The WAV file's bytes, base64."),
            "title": .string(description: "What to call it, e.g. the pet's squeaky toy."),
        ],
        required: ["title"])
    public static let resultSchema: JSONSchema = APISchema.sound

    /// The params of `sounds.import`: `{path | data, title}`.
    public struct Params: Codable, Sendable, Hashable {
        /// An absolute path; only for a client of the core's own user.
        public var path: String?
        /// The WAV file's bytes, base64.
        public var data: String?
        /// What to call it, e.g. the pet's squeaky toy.
        public var title: String

        /// Makes the params; give `path` or `data`.
        public init(path: String? = nil, data: String? = nil, title: String) {
            self.path = path
            self.data = data
            self.title = title
        }
    }
    /// The new sound, of kind `imported`. A file that is not a WAV the toolkit can play is -32602 naming `path` or
    /// `data`, with `reason` `malformed-wav` or `unsupported-wav`.
    public typealias Result = SoundRecord
}
