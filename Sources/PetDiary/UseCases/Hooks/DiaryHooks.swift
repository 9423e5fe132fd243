/// The hook points of the use cases: what the plugin host implements, so plugins can change or refuse a
/// change before it is stored.
///
/// Each use case calls its hook once, in the one place it runs, before anything is stored and outside
/// any database transaction; a ``HookDecision/reject(_:)`` becomes ``DiaryError`` `.rejected` and
/// stores nothing. An error the hook throws fails the operation with that error (the host decides
/// whether a dead or slow plugin fails open, by answering `.continue(nil)`, or closed). Hooks may be
/// called concurrently (a bulk import asks about several files at once, and requests run in parallel).
/// Every method has a default that continues unchanged, so an implementation writes only the hooks it has.
package protocol DiaryHooks: Sendable {
    /// `photo.beforeImport`: called for each photo or video after its bytes were read and checked,
    /// before it is recorded (in a bulk import, a rejected file is skipped with the hook's message).
    /// - Parameter photo: What would be recorded; a changed `albumId`, `filename` or `takenAt` is used.
    /// - Returns: `.continue(nil)` to import as proposed, `.continue(changed)`, or `.reject(message)`.
    /// - Throws: Whatever fails the import.
    func beforeImport(_ photo: PhotoProposal) async throws -> HookDecision<PhotoProposal>

    /// `entry.beforeSave`: called with the fields of `diary.create` and `diary.update` before they are
    /// checked and stored.
    /// - Parameter entry: The proposed fields (nil ones unchanged on an update), and the id on an update.
    /// - Returns: `.continue(nil)` to save as proposed, `.continue(changed)`, or `.reject(message)`.
    /// - Throws: Whatever fails the save.
    func beforeSave(_ entry: EntryProposal) async throws -> HookDecision<EntryProposal>
}

extension DiaryHooks {
    /// Continues unchanged.
    package func beforeImport(_ photo: PhotoProposal) async throws -> HookDecision<PhotoProposal> {
        .continue(nil)
    }

    /// Continues unchanged.
    package func beforeSave(_ entry: EntryProposal) async throws -> HookDecision<EntryProposal> {
        .continue(nil)
    }
}
