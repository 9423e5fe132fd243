package import GRDB

/// A sound in the diary: a built-in shutter sound, one imported from a WAV file, or one recorded. A row of the
/// `sound` table but for its `forNote` mark (see ``DiaryStore``'s notes), which only the store reads.
package struct Sound: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "sound"

    package enum Kind: String, Sendable, Hashable, Codable {
        /// Comes with the toolkit (its id is its name, `squeak`); it cannot be renamed or deleted.
        case builtin
        case imported
        case recorded
    }

    package var id: String
    package var title: String
    package var kind: Kind
    /// The blob holding the WAV file.
    package var sha256: String
    package var bytes: Int64
    package var durationSeconds: Double
    package var rate: Int
    package var channels: Int
    /// Bits per sample as stored (8, 16, 24 or 32).
    package var bits: Int
    package var createdAt: String

    /// A sound with every field given: one coming from a bundle or an archive, or a new one (which
    /// ``new(title:kind:sha256:bytes:durationSeconds:rate:channels:bits:id:)`` makes, its title checked).
    package init(
        id: String, title: String, kind: Kind, sha256: String, bytes: Int64, durationSeconds: Double, rate: Int,
        channels: Int, bits: Int, createdAt: String
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.sha256 = sha256
        self.bytes = bytes
        self.durationSeconds = durationSeconds
        self.rate = rate
        self.channels = channels
        self.bits = bits
        self.createdAt = createdAt
    }

    /// The columns the store's queries name.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let title = Column(CodingKeys.title)
        package static let kind = Column(CodingKeys.kind)
        package static let sha256 = Column(CodingKeys.sha256)
        package static let createdAt = Column(CodingKeys.createdAt)
        /// Not a property: set on sounds recorded for a voice note, which go with their last note.
        package static let forNote = Column("forNote")
    }
}
