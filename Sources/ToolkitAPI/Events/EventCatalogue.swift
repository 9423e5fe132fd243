/// Every event the core publishes, by type: the one place a topic is written.
///
/// Plugins publish their own under a noun of theirs (`memories.found`); clients under `user.` through
/// `events.emit`. Neither may use a noun of ``reservedNouns``.
public enum EventCatalogue {
    /// The core's events, by noun.
    public static let all: [any APIEvent.Type] = [
        PetCreated.self,
        PetUpdated.self,
        PetDeleted.self,
        AlbumCreated.self,
        AlbumUpdated.self,
        AlbumDeleted.self,
        PhotoImported.self,
        PhotoUpdated.self,
        PhotoDeleted.self,
        EntryCreated.self,
        EntryUpdated.self,
        EntryDeleted.self,
        SettingsUpdated.self,
        SoundImported.self,
        SoundUpdated.self,
        SoundDeleted.self,
        SoundRecorded.self,
        NoteAdded.self,
        NoteDeleted.self,
        ShutterFired.self,
        ExportCompleted.self,
        ArchiveCompleted.self,
        ImportCompleted.self,
        PluginStarted.self,
        PluginCrashed.self,
        PluginStopped.self,
        PluginFailed.self,
    ]

    /// Every topic of ``all``.
    public static var topics: [String] { all.map { $0.topic } }

    /// The nouns of the core's own topics, and of its method groups, which a plugin may not publish under
    /// (docs/plugins.md, Events).
    public static let reservedNouns: Set<String> = [
        "pet", "album", "photo", "entry", "sound", "shutter", "note", "export", "import", "archive", "plugin",
        "events", "system", "settings", "rpc",
    ]

    /// Whether a plugin may publish under `topic`: `noun.verb` (no empty part) with a noun that is not the
    /// core's.
    public static func mayPublish(_ topic: String) -> Bool {
        let parts = topic.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else { return false }
        return !reservedNouns.contains(String(parts[0]))
    }
}
