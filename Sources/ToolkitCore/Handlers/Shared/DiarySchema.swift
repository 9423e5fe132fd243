import JSONRPC

/// The schema pieces handlers share.
enum DiarySchema {
    static let id = JSONSchema.string(description: "A record id (UUID).")
    static let idOnly = JSONSchema.object(["id": id], required: ["id"])
    static let day = JSONSchema.string(description: "A day, YYYY-MM-DD.", pattern: "^\\d{4}-\\d{2}-\\d{2}$")
    static let dayOrTime = JSONSchema.string(description: "A day (YYYY-MM-DD) or an RFC 3339 time.")
    static let order = JSONSchema.string(description: "newest (the default from settings) or oldest.", pattern: "^(newest|oldest)$")
    static let limit = JSONSchema.integer(description: "Items per page, 1 to 500 (default 20).", minimum: 1, maximum: 500)
    static let cursor = JSONSchema.string(description: "The nextCursor of the previous page.")
    static let paging: [String: JSONSchema] = ["order": order, "limit": limit, "cursor": cursor]

    static func page(of item: JSONSchema) -> JSONSchema {
        .object(["items": .array(of: item), "nextCursor": .oneOf([.string(), .constant(.null)])])
    }

    static let pet = JSONSchema.object([
        "id": .string(), "name": .string(), "species": .string(), "breed": .string(), "birthday": .string(),
        "notes": .string(), "shutterSoundId": .string(), "createdAt": .string(format: "date-time"),
        "updatedAt": .string(format: "date-time"),
    ])
    static let album = JSONSchema.object([
        "id": .string(), "petId": .string(), "title": .string(), "photoCount": .integer(), "coverPhotoId": .string(),
        "createdAt": .string(format: "date-time"), "updatedAt": .string(format: "date-time"),
    ])
    static let photo = JSONSchema.object([
        "id": .string(), "albumId": .string(), "sha256": .string(), "bytes": .integer(), "mediaType": .string(),
        "width": .integer(), "height": .integer(), "orientation": .integer(), "durationSeconds": .number(),
        "takenAt": .string(format: "date-time"), "importedAt": .string(format: "date-time"), "filename": .string(),
        "memo": .string(), "favorite": .boolean(), "duplicate": .boolean(),
    ])
    static let entry = JSONSchema.object([
        "id": .string(), "petId": .string(), "title": .string(), "body": .string(), "date": day,
        "favorite": .boolean(), "tags": .array(of: .string()), "photoIds": .array(of: .string()),
        "createdAt": .string(format: "date-time"), "updatedAt": .string(format: "date-time"),
    ])
    static let deletion = JSONSchema.object(["albums": .integer(), "photos": .integer(), "entries": .integer()])
}
