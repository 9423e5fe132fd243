/// A ``DiarySnapshot``'s records as ``BundleRecords``, so a snapshot (e.g. a part of an archive's state) merges
/// into a diary exactly as a share bundle does. Origins name the bundle member the kind would have and the
/// record's position in it.
package struct SnapshotRecords: BundleRecords {
    let snapshot: DiarySnapshot

    /// Walks `snapshot`'s records.
    package init(_ snapshot: DiarySnapshot) { self.snapshot = snapshot }

    package func forEachSound(_ body: (Sound, BundleRecordOrigin) throws -> Void) throws {
        try walk(snapshot.sounds, "sounds", body)
    }

    package func forEachPet(_ body: (Pet, BundleRecordOrigin) throws -> Void) throws {
        try walk(snapshot.pets, "pets", body)
    }

    package func forEachAlbum(_ body: (Album, BundleRecordOrigin) throws -> Void) throws {
        try walk(snapshot.albums, "albums", body)
    }

    package func forEachPhoto(_ body: (Photo, BundleRecordOrigin) throws -> Void) throws {
        try walk(snapshot.photos, "photos", body)
    }

    package func forEachEntry(_ body: (DiaryEntry, BundleRecordOrigin) throws -> Void) throws {
        try walk(snapshot.entries, "entries", body)
    }

    package func forEachNote(_ body: (Note, BundleRecordOrigin) throws -> Void) throws {
        try walk(snapshot.notes, "notes", body)
    }

    private func walk<Record>(
        _ records: [Record], _ kind: String, _ body: (Record, BundleRecordOrigin) throws -> Void
    ) throws {
        for (index, record) in records.enumerated() {
            try body(record, BundleRecordOrigin(member: "data/\(kind).jsonl", line: index + 1))
        }
    }
}
