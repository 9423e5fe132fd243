/// How many records of each kind: what a merge added, skipped or replaced, and the records of what a bundle, an
/// archive or a restored diary holds (``ExportCreate/Result/Counts``, ``ArchiveCounts``, which add their files).
public struct RecordCounts: Codable, Sendable, Hashable {
    /// Pets.
    public var pets: Int
    /// Albums.
    public var albums: Int
    /// Photos and videos (see ``ExportCreate/Result/Counts`` for a bundle, which counts videos apart).
    public var photos: Int
    /// Diary entries.
    public var entries: Int
    /// Sounds.
    public var sounds: Int
    /// Voice notes.
    public var notes: Int

    /// Makes the counts; a kind not given is 0.
    public init(pets: Int = 0, albums: Int = 0, photos: Int = 0, entries: Int = 0, sounds: Int = 0, notes: Int = 0) {
        self.pets = pets
        self.albums = albums
        self.photos = photos
        self.entries = entries
        self.sounds = sounds
        self.notes = notes
    }

    /// The counts as a manifest's `counts` object holds them.
    public var dictionary: [String: Int] {
        ["pets": pets, "albums": albums, "photos": photos, "entries": entries, "sounds": sounds, "notes": notes]
    }

    /// The counts of a manifest's `counts` object (missing ones are 0).
    public init(_ dictionary: [String: Int]) {
        self.init(
            pets: dictionary["pets"] ?? 0, albums: dictionary["albums"] ?? 0, photos: dictionary["photos"] ?? 0,
            entries: dictionary["entries"] ?? 0, sounds: dictionary["sounds"] ?? 0, notes: dictionary["notes"] ?? 0)
    }
}
