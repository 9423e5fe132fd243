package import Logging

extension Diary {
    /// Writes a diary entry, after `entry.beforeSave`, and publishes `entry.created`.
    /// - Throws: ``DiaryError`` `.invalid` (title or body over the limits, a bad date), `.notFound` (pet or
    ///   photo), `.rejected` when the hook refused it.
    package func createEntry(_ fields: EntryFields) async throws -> DiaryEntry {
        let entry = try await store.entries.create(try await proposed(fields, id: nil))
        events.publish(.entryCreated(entry))
        return entry
    }

    /// Changes the fields given, after `entry.beforeSave`, and publishes `entry.updated`.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`, `.rejected` when the hook refused it.
    package func updateEntry(id: String, _ fields: EntryFields) async throws -> DiaryEntry {
        let entry = try await store.entries.update(id: id, try await proposed(fields, id: id))
        events.publish(.entryUpdated(entry))
        return entry
    }

    /// Deletes one entry (its photos stay) with its voice notes, removes the files of their recorded sounds
    /// when nothing else uses them, and publishes `entry.deleted`.
    /// - Parameter logger: Where a failed file removal is logged.
    /// - Throws: ``DiaryError`` `.notFound`.
    @discardableResult
    package func deleteEntry(id: String, logger: Logger) async throws -> DiaryEntry {
        let (entry, unreferenced) = try await store.entries.delete(id: id)
        await finishDeletion(
            DeletionResult(entries: 1, unreferencedBlobs: unreferenced), publishing: .entryDeleted(id: id),
            logger: logger)
        return entry
    }

    /// Deletes every entry (with their voice notes) when `confirm` is the diary's name, and publishes
    /// `entry.deleted` for each.
    /// - Parameter logger: Where a failed file removal is logged.
    /// - Returns: The ids deleted.
    /// - Throws: ``DiaryError`` `.conflict` when `confirm` differs; then nothing is deleted.
    package func deleteAllEntries(confirm: String, logger: Logger) async throws -> [String] {
        let (ids, unreferenced) = try await store.entries.deleteAll(confirm: confirm)
        guard let last = ids.last else { return ids }
        for id in ids.dropLast() { events.publish(.entryDeleted(id: id)) }
        await finishDeletion(
            DeletionResult(entries: ids.count, unreferencedBlobs: unreferenced), publishing: .entryDeleted(id: last),
            logger: logger)
        return ids
    }

    /// The fields `entry.beforeSave` lets through.
    private func proposed(_ fields: EntryFields, id: String?) async throws -> EntryFields {
        switch try await hooks.beforeSave(EntryProposal(id: id, fields)) {
        case .continue(nil): fields
        case .continue(let changed?): changed.fields
        case .reject(let message): throw DiaryError.rejected(by: .entryBeforeSave, message)
        }
    }
}
