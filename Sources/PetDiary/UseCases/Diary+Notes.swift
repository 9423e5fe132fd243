import Audio
package import Logging
import Media

extension Diary {
    /// Records a voice note on an entry or a photo: a sound of kind `recorded`, titled after what it
    /// annotates, captured as ``recordSound(title:_:progress:)`` captures, then the sound and the note
    /// inserted in one transaction. Publishes `sound.recorded` and `note.added`.
    /// - Parameters:
    ///   - target: The entry or photo; checked before the capture starts.
    ///   - request: How long, from where.
    ///   - progress: Gets the whole seconds recorded and the seconds asked for.
    /// - Throws: ``DiaryError`` `.notFound` for the entry or photo, `.invalid` naming `seconds`;
    ///   ``AudioError`` `.device`; `CancellationError` (then nothing is kept).
    package func recordNote(
        on target: NoteTarget, _ request: RecordingRequest,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Note {
        let title = try await store.notes.title(for: target)
        let (staged, report) = try await capture(request, progress: progress)
        do {
            let blob = try await blobs.publish(staged)
            defer { blob.release() }
            let (sound, note) = try await store.notes.insertRecorded(
                Sound.new(
                    title: title, kind: .recorded, sha256: blob.sha256, bytes: blob.size,
                    durationSeconds: report.duration, rate: report.format.rate, channels: report.format.channels,
                    bits: report.format.sampleFormat.bitsPerSample),
                on: target)
            events.publish(.soundRecorded(sound))
            events.publish(.noteAdded(note))
            return note
        } catch {
            blobs.discard(staged)
            throw error
        }
    }

    /// Attaches an existing sound (an imported one, say) to an entry or a photo and publishes `note.added`.
    /// - Throws: ``DiaryError`` `.notFound` for the sound, entry or photo.
    package func attachNote(soundId: String, to target: NoteTarget) async throws -> Note {
        let note = try await store.notes.attach(soundId: soundId, to: target)
        events.publish(.noteAdded(note))
        return note
    }

    /// Deletes a note, and its sound when it was recorded for a note and nothing else (a pet, the settings,
    /// another note) uses it, with the sound's file when no other sound has the same bytes. Publishes
    /// `note.deleted`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func deleteNote(id: String, logger: Logger) async throws {
        let result = try await store.notes.delete(id: id)
        await finishDeletion(result, publishing: .noteDeleted(id: id), logger: logger)
    }
}
