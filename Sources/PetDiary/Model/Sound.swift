package import GRDB

/// A sound in the diary: a built-in shutter sound, one imported from a WAV file, or one recorded.
package struct Sound: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
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
}

extension Sound: FetchableRecord {
    package init(row: Row) {
        id = row["id"]
        title = row["title"]
        kind = Kind(rawValue: row["kind"]) ?? .imported
        sha256 = row["sha256"]
        bytes = row["bytes"]
        durationSeconds = row["durationSeconds"]
        rate = row["rate"]
        channels = row["channels"]
        bits = row["bits"]
        createdAt = row["createdAt"]
    }
}
