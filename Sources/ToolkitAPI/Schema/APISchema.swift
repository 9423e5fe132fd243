public import JSONRPC

/// The schema pieces the method descriptions share: ids, days, paging, and the records.
///
/// Each record's schema is written here once, beside its type; `SchemaAgreementTests` checks the two agree
/// (the same properties, and every field that can be `null` declared nullable).
public enum APISchema {
    /// A record id, a UUID string.
    public static let id = JSONSchema.string(description: "A record id (UUID).")
    /// `{id}`, required: the params of a method that names one record.
    public static let idOnly = JSONSchema.object(["id": id], required: ["id"])
    /// A calendar day, `YYYY-MM-DD`.
    public static let day = JSONSchema.string(description: "A day, YYYY-MM-DD.", pattern: "^\\d{4}-\\d{2}-\\d{2}$")
    /// A day or an RFC 3339 time: the bounds of a filter by when photos were taken.
    public static let dayOrTime = JSONSchema.string(description: "A day (YYYY-MM-DD) or an RFC 3339 time.")
    /// An RFC 3339 time.
    public static let time = JSONSchema.string(format: "date-time")
    /// `newest` or `oldest`: the order of a page.
    public static let order = JSONSchema.string(
        description: "newest (the default from settings) or oldest.", pattern: "^(newest|oldest)$")
    /// Items per page, 1 to 500.
    public static let limit = JSONSchema.integer(
        description: "Items per page, 1 to 500 (default 20).", minimum: 1, maximum: 500)
    /// The `nextCursor` of the previous page.
    public static let cursor = JSONSchema.string(description: "The nextCursor of the previous page.")
    /// The params every list takes: `order`, `limit` and `cursor`.
    public static let paging: [String: JSONSchema] = ["order": order, "limit": limit, "cursor": cursor]

    /// `{items: [item], nextCursor: string | null}`.
    public static func page(of item: JSONSchema) -> JSONSchema {
        .object(["items": .array(of: item), "nextCursor": .oneOf([.string(), .constant(.null)])])
    }

    /// A ``PetRecord``.
    public static let pet = JSONSchema.object([
        "id": .string(), "name": .string(), "species": .nullable(.string()), "breed": .nullable(.string()),
        "birthday": .nullable(.string()), "notes": .nullable(.string()), "shutterSoundId": .nullable(.string()),
        "createdAt": time, "updatedAt": time,
    ])
    /// An ``AlbumRecord``.
    public static let album = JSONSchema.object([
        "id": .string(), "petId": .nullable(.string()), "title": .string(), "photoCount": .integer(),
        "coverPhotoId": .nullable(.string()), "createdAt": time, "updatedAt": time,
    ])
    /// A ``PhotoRecord``.
    public static let photo = JSONSchema.object([
        "id": .string(), "albumId": .string(), "sha256": .string(), "bytes": .integer(), "mediaType": .string(),
        "width": .nullable(.integer()), "height": .nullable(.integer()), "orientation": .nullable(.integer()),
        "durationSeconds": .nullable(.number()), "takenAt": time, "importedAt": time,
        "filename": .nullable(.string()), "memo": .string(), "favorite": .boolean(),
        "duplicate": .boolean(), "notes": noteSummaries, "displayWidth": .nullable(.integer()),
        "displayHeight": .nullable(.integer()), "rotation": .nullable(.integer()), "videoCodec": .nullable(.string()),
        "audioCodec": .nullable(.string()), "frameRate": .nullable(.number()),
        "takenOffset": .nullable(
            .string(
                description: """
                    The UTC offset the file recorded `takenAt` at (`+09:00`; EXIF `OffsetTimeOriginal`, QuickTime's \
                    `com.apple.quicktime.creationdate`); `null` when it names none.
                    """)),
        "takenAtLocal": .nullable(
            .string(
                description: """
                    `takenAt` as it was lived, with its offset (`2026-11-28T08:30:00+09:00`): at `takenOffset`, else \
                    in the diary's time zone.
                    """)),
        "takenDay": .nullable(
            .string(
                description: """
                    The calendar day of `takenAtLocal`, `YYYY-MM-DD`: the day lists, the calendar and galleries put \
                    it on.
                    """, pattern: "^\\d{4}-\\d{2}-\\d{2}$")),
        "takenAtSource": .nullable(
            .string(
                description: """
                    Where `takenAt` came from: `exif` or `container` (the file says when it was recorded), `file` \
                    (its modification time), `import` (the time of an import that had no file), `plugin` (a hook \
                    set it).
                    """)),
    ])
    /// An ``EntryRecord``.
    public static let entry = JSONSchema.object([
        "id": .string(), "petId": .nullable(.string()), "title": .string(), "body": .string(), "date": day,
        "favorite": .boolean(), "tags": .array(of: .string()), "photoIds": .array(of: .string()),
        "createdAt": time, "updatedAt": time, "notes": noteSummaries,
    ])
    /// A ``SearchHitRecord``.
    public static let searchHit = JSONSchema.object(["entry": entry, "snippet": .string(), "rank": .number()])
    /// A ``CalendarRecord``.
    public static let calendar = JSONSchema.object([
        "year": .integer(), "month": .integer(),
        "days": .array(
            of: .object([
                "date": day, "entries": .integer(),
                "photos": .integer(description: "Photos and videos taken that day."),
                "videos": .integer(description: "How many of that day's photos are videos."),
            ])),
    ])
    /// A ``TagCountRecord``.
    public static let tagCount = JSONSchema.object(["tag": .string(), "count": .integer()])
    /// A ``SettingsRecord``.
    public static let settings = JSONSchema.object([
        "diaryName": .string(), "themeColor": .string(), "defaultOrder": .string(), "titleLimit": .integer(),
        "bodyLimit": .integer(), "shutterSoundId": .nullable(.string()), "soundDevice": .string(),
        "captureDevice": .string(),
    ])
    /// A ``DeletionRecord``.
    public static let deletion = JSONSchema.object(["albums": .integer(), "photos": .integer(), "entries": .integer()])
    /// A sound's id: a UUID, or a built-in sound's name.
    public static let soundID = JSONSchema.string(
        description: "A sound id: a UUID, or a built-in sound's name (squeak, whistle, bell, clicker, chirp).")
    /// A ``SoundRecord``.
    public static let sound = JSONSchema.object([
        "id": .string(), "title": .string(), "kind": .string(description: "builtin, imported or recorded"),
        "sha256": .string(), "bytes": .integer(), "durationSeconds": .number(), "rate": .integer(),
        "channels": .integer(), "bits": .integer(), "createdAt": time,
    ])
    /// The voice notes an entry's or a photo's record lists, oldest first.
    public static let noteSummaries = JSONSchema.array(
        of: .object(["id": .string(), "durationSeconds": .number()]),
        description: "Its voice notes, oldest first (notes.list has the whole records).")
    /// A ``NoteRecord``.
    public static let note = JSONSchema.object([
        "id": .string(), "soundId": .string(), "entryId": .nullable(.string()), "photoId": .nullable(.string()),
        "durationSeconds": .number(), "createdAt": time,
    ])
    /// What `sounds.play` answers; the report's fields are null when it answered at the start.
    public static let play = JSONSchema.object([
        "soundId": .string(), "device": .string(),
        "finished": .boolean(description: "Whether it answered at the end of the sound (wait) or at its start."),
        "framesWritten": .nullable(.integer()), "underruns": .nullable(.integer()), "stopped": .nullable(.boolean()),
    ])
}
