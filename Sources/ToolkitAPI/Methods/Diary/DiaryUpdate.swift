public import JSONRPC

/// `diary.update {id, title?, body?, date?, petId?, photoIds?, favorite?}` → the entry.
public enum DiaryUpdate: APIMethod {
    public static let name = "diary.update"
    public static let effect: RPCMethodEffect = .write
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

    /// The params of `diary.update`: `{id, title?, body?, date?, petId?, photoIds?, favorite?}`, the entry's id
    /// and the changes to make.
    public struct Params: EntryChangesParams, Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var id: String
        /// What to change; a nil member stays as it is.
        public var changes: EntryChanges

        /// Makes the params; a nil member is left out, and the entry keeps that field.
        public init(
            id: String, title: String? = nil, body: String? = nil, date: String? = nil, petId: String? = nil,
            photoIds: [String]? = nil, favorite: Bool? = nil
        ) {
            self.id = id
            changes = EntryChanges(
                title: title, body: body, date: date, petId: petId, photoIds: photoIds, favorite: favorite)
        }

        private enum CodingKeys: String, CodingKey { case id }

        /// Reads `id` and the changes from the same object.
        public init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .id)
            changes = try EntryChanges(from: decoder)
        }

        /// Writes `id` and the changes given into the same object.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try changes.encode(to: encoder)
        }
    }
    /// The entry as it is now. -32001 for an unknown entry, pet or photo; -32602 for a field over its limit.
    public typealias Result = EntryRecord
}
