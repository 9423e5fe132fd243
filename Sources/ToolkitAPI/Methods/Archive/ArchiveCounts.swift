public import JSONRPC

/// What one archive holds: the records it carries (all of them in a full archive, the new and changed ones in
/// an incremental), the deletions it records, and its photo, video and sound files; one JSON object,
/// `{pets, albums, photos, entries, sounds, notes, deleted, files}`.
@dynamicMemberLookup
public struct ArchiveCounts: Codable, Sendable, Hashable {
    /// The records of each kind; `counts.pets` reads them through.
    public var records: RecordCounts
    /// Records deleted since the previous archive.
    ///
    /// 0 in a full archive.
    public var deleted: Int
    /// Photo, video and sound files.
    public var files: Int

    /// Makes the counts of records, deletions and files.
    public init(_ records: RecordCounts, deleted: Int, files: Int) {
        self.records = records
        self.deleted = deleted
        self.files = files
    }

    /// Makes the counts kind by kind; `notes` is 0 unless given.
    public init(
        pets: Int, albums: Int, photos: Int, entries: Int, sounds: Int, notes: Int = 0, deleted: Int, files: Int
    ) {
        self.init(
            RecordCounts(pets: pets, albums: albums, photos: photos, entries: entries, sounds: sounds, notes: notes),
            deleted: deleted, files: files)
    }

    /// `counts.pets` and the other kinds, from ``records``.
    public subscript(dynamicMember kind: KeyPath<RecordCounts, Int>) -> Int { records[keyPath: kind] }

    /// The counts as a manifest's `counts` object holds them.
    public var dictionary: [String: Int] {
        records.dictionary.merging(["deleted": deleted, "files": files]) { $1 }
    }

    /// The counts of a manifest's `counts` object (missing ones are 0).
    public init(_ dictionary: [String: Int]) {
        self.init(RecordCounts(dictionary), deleted: dictionary["deleted"] ?? 0, files: dictionary["files"] ?? 0)
    }

    private enum CodingKeys: String, CodingKey { case deleted, files }

    /// Reads the record counts and `deleted` and `files` from the same object.
    public init(from decoder: any Decoder) throws {
        records = try RecordCounts(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deleted = try container.decode(Int.self, forKey: .deleted)
        files = try container.decode(Int.self, forKey: .files)
    }

    /// Writes the record counts and `deleted` and `files` into the same object.
    public func encode(to encoder: any Encoder) throws {
        try records.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deleted, forKey: .deleted)
        try container.encode(files, forKey: .files)
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
    /// The parent's file name.
    public var name: String
    /// The parent's SHA-256, lower-case hex, as the child's manifest records it.
    public var sha256: String

    /// Names the parent.
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
