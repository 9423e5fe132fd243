package import GRDB

/// A voice note: a sound attached to one diary entry or one photo, listed with it and deleted with it. Its
/// stored row (whose fields read as the note's own, `note.soundId`) and its sound's length.
@dynamicMemberLookup
package struct Note: Sendable, Hashable {
    package var stored: NoteRow
    /// The sound's length.
    package var durationSeconds: Double

    /// A note of `stored` whose sound lasts `durationSeconds`: read from the store, or as a bundle or an archive
    /// recorded it.
    package init(stored: NoteRow, durationSeconds: Double) {
        self.stored = stored
        self.durationSeconds = durationSeconds
    }

    /// A field of the stored row. It is a key path applied at run time: code that reads many (a conversion to
    /// the wire) reads ``stored`` instead.
    package subscript<Value>(dynamicMember field: WritableKeyPath<NoteRow, Value>) -> Value {
        get { stored[keyPath: field] }
        set { stored[keyPath: field] = newValue }
    }
}

extension Note: FetchableRecord {
    /// From a row of `note` joined with its sound's `durationSeconds`.
    package init(row: Row) throws {
        stored = try NoteRow(row: row)
        durationSeconds = row["durationSeconds"]
    }
}

/// What a note is attached to: a diary entry or a photo, by id.
package enum NoteTarget: Sendable, Hashable {
    case entry(String)
    case photo(String)

    /// The `note` column naming it: `entryId` or `photoId`.
    var column: String {
        switch self {
        case .entry: "entryId"
        case .photo: "photoId"
        }
    }

    /// Throws `.notFound` (kind `entry` or `photo`) unless what it names exists.
    func requireExists(_ db: Database) throws {
        switch self {
        case .entry(let id): try DiaryStore.requireExists(db, EntryRow.self, id)
        case .photo(let id): try DiaryStore.requireExists(db, PhotoRow.self, id)
        }
    }

    /// The id of the entry or photo.
    package var id: String {
        switch self {
        case .entry(let id), .photo(let id): id
        }
    }
}

/// A note as an entry's or a photo's record lists it.
package struct NoteSummary: Sendable, Hashable {
    package var id: String
    package var durationSeconds: Double

    /// The notes of a `noteList` column (see ``DiaryStore``'s note columns): `id duration` pairs joined by
    /// commas, oldest first; nil or empty for none.
    static func list(_ text: String?) -> [NoteSummary] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: ",").compactMap { pair in
            let parts = pair.split(separator: " ")
            guard parts.count == 2, let duration = Double(parts[1]) else { return nil }
            return NoteSummary(id: String(parts[0]), durationSeconds: duration)
        }
    }
}
