import JSONRPC
import PetDiary
import ToolkitAPI

/// A voice note as an archive's `data/notes.jsonl` holds it: the record `notes.list` returns, and whether its
/// sound was recorded for a note (the `forNote` flag, which a restore must give back so that the sound still
/// goes with its last note).
struct BackupNoteRecord: WireRecord, Sendable, Hashable {
    var id: String
    var soundId: String
    var entryId: String?
    var photoId: String?
    var durationSeconds: Double
    var createdAt: String
    /// The sound was recorded for a note.
    var soundForNote: Bool

    /// The note of `snapshot` and its sound's flag.
    init(_ note: Note, _ snapshot: DiarySnapshot) {
        id = note.id
        soundId = note.soundId
        entryId = note.entryId
        photoId = note.photoId
        durationSeconds = note.durationSeconds
        createdAt = note.createdAt
        soundForNote = snapshot.noteSoundIds.contains(note.soundId)
    }

    enum CodingKeys: String, CodingKey {
        case id, soundId, entryId, photoId, durationSeconds, createdAt, soundForNote
    }

    /// The diary's note.
    var note: Note {
        Note(
            stored: NoteRow(id: id, soundId: soundId, entryId: entryId, photoId: photoId, createdAt: createdAt),
            durationSeconds: durationSeconds)
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("entryId"); writer.value(entryId)
        writer.key("id"); writer.value(id)
        writer.key("photoId"); writer.value(photoId)
        writer.key("soundForNote"); writer.value(soundForNote)
        writer.key("soundId"); writer.value(soundId)
        writer.endObject()
    }
}
