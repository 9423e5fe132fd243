package import GRDB

/// A photo or a video in an album: its stored row (whose fields read as the photo's own, `photo.sha256`; the
/// bytes live in the blob store under it) and its voice notes.
@dynamicMemberLookup
package struct Photo: Sendable, Hashable {
    package var stored: PhotoRow
    /// Set only on an import result: true when these bytes were already in the album.
    package var duplicate: Bool?
    /// Its voice notes, oldest first.
    package var notes: [NoteSummary] = []

    /// A photo of `stored`: a new one, or one from a bundle or an archive (neither an import's answer nor with
    /// notes unless given).
    package init(stored: PhotoRow, duplicate: Bool? = nil, notes: [NoteSummary] = []) {
        self.stored = stored
        self.duplicate = duplicate
        self.notes = notes
    }

    /// A field of the stored row. It is a key path applied at run time: code that reads many (a conversion to
    /// the wire) reads ``stored`` instead.
    package subscript<Value>(dynamicMember field: WritableKeyPath<PhotoRow, Value>) -> Value {
        get { stored[keyPath: field] }
        set { stored[keyPath: field] = newValue }
    }
}

extension Photo: FetchableRecord {
    /// Reads a row of the photo table, with its voice notes when the query has a `noteList` column.
    package init(row: Row) throws {
        stored = try PhotoRow(row: row)
        duplicate = nil
        notes = row.hasColumn("noteList") ? NoteSummary.list(row["noteList"]) : []
    }
}
