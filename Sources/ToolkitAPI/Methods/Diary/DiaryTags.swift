public import JSONRPC

/// `diary.tags {petId?}` → `{tags: [{tag, count}]}`, most used first.
public enum DiaryTags: APIMethod {
    public static let name = "diary.tags"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Every #tag written in an entry body (any script, lower-cased), with the number of entries using it, most \
        used first.
        """
    public static let paramsSchema: JSONSchema = .object(["petId": APISchema.id])
    public static let resultSchema: JSONSchema = .object(["tags": .array(of: APISchema.tagCount)])

    /// The params of `diary.tags`: `{petId?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var petId: String?

        /// Makes the params; without `petId` every entry counts.
        public init(petId: String? = nil) {
            self.petId = petId
        }
    }

    /// What `diary.tags` answers: `{tags: [{tag, count}]}`.
    public struct Result: Codable, Sendable, Hashable {
        /// Most used first.
        public var tags: [TagCountRecord]

        /// Makes the answer.
        public init(tags: [TagCountRecord]) { self.tags = tags }
    }
}
