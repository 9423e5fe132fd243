package import PetDiary
package import ToolkitAPI

extension ImportBundle.Result.Counts {
    /// A merge's counts as the methods return them.
    package init(_ counts: MergeCounts) {
        self.init(
            pets: counts.pets, albums: counts.albums, photos: counts.photos, entries: counts.entries,
            sounds: counts.sounds, notes: counts.notes)
    }
}

extension ImportBundle.Result {
    /// What a merge did, as `import.bundle` returns it.
    package init(_ summary: MergeSummary) {
        self.init(added: Counts(summary.added), skipped: Counts(summary.skipped), replaced: Counts(summary.replaced))
    }
}

extension ArchiveRestore.Result {
    /// A part restore's result: the chain replayed and what its merge did.
    package init(chain: [String], merged summary: MergeSummary) {
        typealias Counts = ImportBundle.Result.Counts
        self.init(
            chain: chain, added: Counts(summary.added), skipped: Counts(summary.skipped),
            replaced: Counts(summary.replaced))
    }
}
