public import JSONRPC

/// What one archive holds: the records it carries (all of them in a full archive, the new and changed ones in
/// an incremental), the deletions it records, and its photo, video and sound files.
public struct ArchiveCounts: Codable, Sendable, Hashable {
    public var pets: Int
    public var albums: Int
    public var photos: Int
    public var entries: Int
    public var sounds: Int
    /// Voice notes.
    public var notes: Int
    /// Records deleted since the previous archive (0 in a full archive).
    public var deleted: Int
    /// Photo, video and sound files.
    public var files: Int

    public init(
        pets: Int, albums: Int, photos: Int, entries: Int, sounds: Int, notes: Int = 0, deleted: Int, files: Int
    ) {
        self.pets = pets
        self.albums = albums
        self.photos = photos
        self.entries = entries
        self.sounds = sounds
        self.notes = notes
        self.deleted = deleted
        self.files = files
    }

    /// The counts as a manifest's `counts` object holds them.
    public var dictionary: [String: Int] {
        [
            "pets": pets, "albums": albums, "photos": photos, "entries": entries, "sounds": sounds,
            "notes": notes, "deleted": deleted, "files": files,
        ]
    }

    /// The counts of a manifest's `counts` object (missing ones are 0).
    public init(_ dictionary: [String: Int]) {
        self.init(
            pets: dictionary["pets"] ?? 0, albums: dictionary["albums"] ?? 0, photos: dictionary["photos"] ?? 0,
            entries: dictionary["entries"] ?? 0, sounds: dictionary["sounds"] ?? 0,
            notes: dictionary["notes"] ?? 0, deleted: dictionary["deleted"] ?? 0, files: dictionary["files"] ?? 0)
    }

    /// The schema of ``ArchiveCounts``.
    public static let schema: JSONSchema = .object([
        "pets": .integer(), "albums": .integer(), "photos": .integer(), "entries": .integer(), "sounds": .integer(),
        "notes": .integer(description: "Voice notes."),
        "deleted": .integer(description: "Records deleted since the previous archive."),
        "files": .integer(description: "Photo, video and sound files."),
    ])
}

/// An incremental archive's parent: its file name (in the same directory) and SHA-256.
public struct ArchiveParent: Codable, Sendable, Hashable {
    public var name: String
    public var sha256: String

    public init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256
    }

    /// The schema of ``ArchiveParent``, or null for a full archive.
    public static let schema: JSONSchema = .nullable(
        .object(
            ["name": .string(description: "The parent's file name."), "sha256": .string()],
            description: "The archive this one builds on; null for a full archive."))
}
