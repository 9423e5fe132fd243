public import JSONRPC

/// `diary.update {id, title?, body?, date?, petId?, photoIds?, favorite?}` → the entry.
public enum DiaryUpdate: APIMethod {
    public static let name = "diary.update"
    public static let summary = """
        Changes the fields given, checked as on create. petId \"\" detaches the entry from its pet; photoIds \
        replaces the list.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "id": APISchema.id, "title": .string(), "body": .string(), "date": APISchema.day,
            "petId": .string(), "photoIds": .array(of: APISchema.id), "favorite": .boolean(),
        ],
        required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.entry

    /// The params of `diary.update`: `{id, title?, body?, date?, petId?, photoIds?, favorite?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var id: String
        public var title: String?
        public var body: String?
        /// A day, `YYYY-MM-DD`.
        public var date: String?
        public var petId: String?
        public var photoIds: [String]?
        public var favorite: Bool?

        public init(
            id: String, title: String? = nil, body: String? = nil, date: String? = nil, petId: String? = nil,
            photoIds:
                [String]? = nil, favorite: Bool? = nil
        ) {
            self.id = id
            self.title = title
            self.body = body
            self.date = date
            self.petId = petId
            self.photoIds = photoIds
            self.favorite = favorite
        }
    }
    public typealias Result = EntryRecord
}
