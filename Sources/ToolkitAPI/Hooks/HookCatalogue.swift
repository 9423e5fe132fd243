/// Every hook the core calls, by type: the one place a hook's name is written.
public enum HookCatalogue {
    /// The core's hooks, in the order docs/plugins.md lists them.
    public static let all: [any APIHook.Type] = [
        PhotoBeforeImport.self, EntryBeforeSave.self, ExportBeforeCreate.self, ArchiveBeforeCreate.self,
    ]

    /// Every name of ``all``.
    public static var names: [String] { all.map { $0.name } }
}
