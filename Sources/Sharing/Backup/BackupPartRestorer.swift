import Archiving
import Media
package import PetDiary

/// `archive.restore` without `into`: brings a part of an archive's state (a pet, some days) back into the
/// running diary, through the merge `import.bundle` uses.
///
/// The archive's chain is replayed as a whole restore does (every member checked against its manifest), with
/// its photo and sound files streamed into the live blob store's temp area (same filesystem, so publishing
/// them is a rename; `sweepTemporaries` removes them after a crash) and its records, bounded by their number,
/// loaded into a scratch diary in memory. The part is chosen there by export's own selection code
/// (``PetDiary/DiaryStore/snapshot(_:)``), then merged: files published and records written in one
/// transaction. Files the part does not need are discarded; on any failure or cancellation nothing changes.
package struct BackupPartRestorer: Sendable {
    /// What to bring back: a pet (by id, or by its name in the archive) and/or the days `from`…`to`.
    package struct Part: Sendable, Hashable {
        package var pet: String?
        package var from: String?
        package var to: String?

        package init(pet: String? = nil, from: String? = nil, to: String? = nil) {
            self.pet = pet
            self.from = from
            self.to = to
        }

        var isEmpty: Bool { pet == nil && from == nil && to == nil }
    }

    let diary: Diary

    /// Restores into `diary`, the running one.
    package init(diary: Diary) { self.diary = diary }

    /// Merges `part` of the archive at `path` (its whole chain applied) into the diary.
    /// - Parameter progress: called with the archives applied and their number.
    /// - Returns: The chain's archive names, full one first, and what the merge did.
    /// - Throws: ``SharingError`` `.invalid` (-32602) for an empty part or bad bounds; ``DiaryError`` `.notFound`
    ///   (-32001) for a pet the archive does not hold; ``ArchiveError`` (-32007) for a damaged archive or a broken
    ///   chain, -32005 when cancelled; what the merge throws (``BundleImport``'s errors).
    package func restore(
        _ path: String, part: Part, onConflict mode: ConflictMode,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> (chain: [String], summary: MergeSummary) {
        guard !part.isEmpty else {
            throw SharingError.invalid(
                "Give into (a new data directory for the whole archive) or a part to restore into the running "
                    + "diary: pet, from or to.", field: "into")
        }
        let chain = try await BackupChain.resolve(path)
        let blobs = diary.blobs
        let replayed = try await DedicatedThread.run(name: "archive-restore-part") { flag in
            var state = ChainReplay(blobs: blobs)
            do {
                for (index, link) in chain.links.enumerated() {
                    try state.apply(link, cancellation: flag)
                    progress(index + 1, chain.links.count)
                }
            } catch {
                for blob in state.staged.values { blobs.discard(blob) }
                throw error
            }
            return state
        }
        let staged = replayed.staged
        defer { for blob in staged.values where !blob.lease.isReleased { blobs.discard(blob) } }
        let scratch = try DiaryStore.inMemory()
        try await scratch.restore(try replayed.snapshot())
        var petId: String?
        if let pet = part.pet { petId = try await Self.petId(for: pet, in: scratch) }
        let selected = try await scratch.snapshot(DiarySelection(petId: petId, from: part.from, to: part.to))
        let soundFiles = Set(selected.sounds.map(\.sha256))
        let needed = Set(selected.photos.map(\.sha256)).union(soundFiles)
        // The selected videos' browser copies, kept once the records are merged.
        let copies = replayed.renditions.compactMap { video, copy in
            needed.contains(video) && !needed.contains(copy)
                ? staged[copy].map { BundledRendition(member: "renditions/\(video).mp4", original: video, blob: $0) }
                : nil
        }
        let copyFiles = Set(copies.map(\.blob.sha256))
        for (sha256, blob) in staged where !needed.contains(sha256) && !copyFiles.contains(sha256) {
            blobs.discard(blob)
        }
        let files = staged.filter { needed.contains($0.key) }.map { sha256, blob in
            let isSound = soundFiles.contains(sha256)
            return BundleFile(member: (isSound ? "sounds/" : "media/") + sha256, blob: blob, isSound: isSound)
        }
        try Task.checkCancellation()
        let summary = try await BundleImport.mappingMergeErrors {
            try await diary.mergeBundle(SnapshotRecords(selected), files: files, onConflict: mode)
        }
        await diary.keepBundledRenditions(copies)
        return (chain.links.map(\.name), summary)
    }

    /// The id of the pet `nameOrID` names in the archive's state: a pet with that id, else the one with that
    /// name.
    /// - Throws: ``DiaryError`` `.notFound` when none matches, `.invalid` (field `pet`) when several have the name.
    static func petId(for nameOrID: String, in store: DiaryStore) async throws -> String {
        var named: [Pet] = []
        var cursor: String?
        repeat {
            let page = try await store.pets.list(page: PageRequest(limit: 500, cursor: cursor, order: .oldest))
            if let pet = page.items.first(where: { $0.id == nameOrID }) { return pet.id }
            named += page.items.filter { $0.name == nameOrID }
            cursor = page.nextCursor
        } while cursor != nil
        switch named.count {
        case 1: return named[0].id
        case 0:
            throw DiaryError(
                .notFound, "The archive holds no pet named or with the id '\(nameOrID)'.", kind: "pet", id: nameOrID)
        default:
            throw DiaryError(
                .invalid,
                "\(named.count) pets in the archive are named '\(nameOrID)'; give one's id: "
                    + named.map(\.id).joined(separator: ", ") + ".", field: "pet", reason: "ambiguous")
        }
    }
}
