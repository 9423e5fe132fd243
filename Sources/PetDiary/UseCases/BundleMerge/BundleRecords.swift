package import Media
/// Where a bundle's record came from: its member (`data/photos.jsonl`) and line, for messages.
package struct BundleRecordOrigin: Sendable, Hashable {
    /// The member, e.g. `data/photos.jsonl`.
    package var member: String
    /// The line, from 1.
    package var line: Int

    package init(member: String, line: Int) {
        self.member = member
        self.line = line
    }
}

/// The records of a bundle being merged, read one at a time (memory stays bounded whatever their number).
///
/// ``Diary/mergeBundle(_:files:onConflict:)`` walks them twice, kind by kind in dependency order (sounds,
/// pets, albums, photos, entries, notes): once to check every reference before any file is published, then
/// again inside the write transaction. Each walk must give the same records in the same order; a record that
/// cannot be read throws (the daemon's reader names the member and line).
package protocol BundleRecords: Sendable {
    /// Calls `body` with each sound record, in order.
    func forEachSound(_ body: (Sound, BundleRecordOrigin) throws -> Void) throws
    /// Calls `body` with each pet record, in order.
    func forEachPet(_ body: (Pet, BundleRecordOrigin) throws -> Void) throws
    /// Calls `body` with each album record, in order.
    func forEachAlbum(_ body: (Album, BundleRecordOrigin) throws -> Void) throws
    /// Calls `body` with each photo record, in order.
    func forEachPhoto(_ body: (Photo, BundleRecordOrigin) throws -> Void) throws
    /// Calls `body` with each diary entry record, in order.
    func forEachEntry(_ body: (DiaryEntry, BundleRecordOrigin) throws -> Void) throws
    /// Calls `body` with each voice note record, in order (none for a bundle made before voice notes).
    func forEachNote(_ body: (Note, BundleRecordOrigin) throws -> Void) throws
}

/// A photo, video or sound file of a bundle, staged in the blob store's temp area (not yet published).
package struct BundleFile: Sendable {
    /// The member it came from, e.g. `media/<sha256>.jpg`.
    package var member: String
    /// The staged bytes; their hash was checked against the member's name.
    package var blob: StagedBlob
    /// Whether it is a `sounds/` member (checked by the WAV reader before anything is published).
    package var isSound: Bool

    package init(member: String, blob: StagedBlob, isSound: Bool) {
        self.member = member
        self.blob = blob
        self.isSound = isSound
    }
}

/// What to do with a bundle record whose id is already in the diary.
package enum ConflictMode: String, Sendable, Hashable, CaseIterable {
    /// Keep the stored record; the bundle's is skipped.
    case skip
    /// Overwrite the stored record with the bundle's.
    case replace
    /// Add the bundle's record under a new id, and point the bundle's references to it there.
    case duplicate
}

/// How many records of each kind.
package struct MergeCounts: Sendable, Hashable {
    package var pets = 0
    package var albums = 0
    package var photos = 0
    package var entries = 0
    package var sounds = 0
    package var notes = 0

    package init() {}
}

/// What a merge did, per kind.
package struct MergeSummary: Sendable, Hashable {
    /// Records added (under their own id, or a new one with ``ConflictMode/duplicate``).
    package var added = MergeCounts()
    /// Records left out: already here (``ConflictMode/skip``), built-in sounds, or a photo already in its album.
    package var skipped = MergeCounts()
    /// Stored records overwritten (``ConflictMode/replace``).
    package var replaced = MergeCounts()

    package init() {}
}
