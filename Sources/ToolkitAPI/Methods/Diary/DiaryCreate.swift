public import JSONRPC

/// `diary.create {title, body, date?, petId?, photoIds?, favorite?}` → the entry.
public enum DiaryCreate: APIMethod {
    public static let name = "diary.create"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Writes a diary entry. Title and body are limited by settings (15 and 500 characters by default); #tags \
        in the body are collected; date defaults to today.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "title": .string(), "body": .string(), "date": APISchema.day, "petId": APISchema.id,
            "photoIds": .array(of: APISchema.id, description: "In the order they are shown."), "favorite": .boolean(),
        ],
        required: ["title", "body"])
    public static let resultSchema: JSONSchema = APISchema.entry

    /// The params of `diary.create`: `{title, body, date?, petId?, photoIds?, favorite?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// Not empty, and at most the settings' `titleLimit` characters (15 by default).
        public var title: String
        /// The text, at most the settings' `bodyLimit` characters (500 by default); may be "". Its `#tags` are
        /// collected.
        public var body: String
        /// A day, `YYYY-MM-DD`.
        public var date: String?
        /// A record id (UUID).
        public var petId: String?
        /// In the order they are shown.
        public var photoIds: [String]?
        /// Marks it as a favourite; false when absent.
        public var favorite: Bool?

        /// Makes the params; a nil member is left out and takes its default.
        public init(
            title: String, body: String, date: String? = nil, petId: String? = nil, photoIds: [String]? = nil,
            favorite:
                Bool? = nil
        ) {
            self.title = title
            self.body = body
            self.date = date
            self.petId = petId
            self.photoIds = photoIds
            self.favorite = favorite
        }
    }
    /// The new entry. A title or body over its limit, or a bad date, is -32602 naming it; -32001 for an unknown pet or
    /// photo.
    public typealias Result = EntryRecord
}
