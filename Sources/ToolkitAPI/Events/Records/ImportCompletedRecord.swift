/// The `data` of `import.completed`: `{path, onConflict, summary, source?}` of the bundle merged.
public struct ImportCompletedRecord: Codable, Sendable, Hashable {
    /// The bundle or archive read.
    public var path: String
    /// How records already in the diary were treated: `skip`, `replace` or `duplicate`.
    public var onConflict: String
    /// What was added, replaced and skipped, as `import.bundle` answers it.
    public var summary: ImportBundle.Result
    /// `archive` for a part restore of `archive.restore`; absent for `import.bundle`.
    public var source: String?

    /// Makes the event's data.
    public init(path: String, onConflict: String, summary: ImportBundle.Result, source: String? = nil) {
        self.path = path
        self.onConflict = onConflict
        self.summary = summary
        self.source = source
    }
}
