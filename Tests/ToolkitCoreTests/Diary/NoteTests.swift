import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Voice notes through the built core over its socket: recorded (real ALSA capture from a `file` PCM) or
/// attached, listed, played, shown in entries and photos, and gone with what they annotate.
struct NoteTests {
    @Test func aNoteIsRecordedListedPlayedAndShownWithItsEntry() async throws {
        // Given an entry, and 1 s of input on the capture device the settings name
        let capture = try CaptureFixture()
        let samples = CaptureFixture.samples(44_100 * 2)
        try capture.writeInput(samples)
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            _ = try await client.call(SettingsSet.self, .init(captureDevice: "capturefile"))
            let entry = try await client.call(DiaryCreate.self, .init(title: "산책", body: "#walk"))

            // When a 1-second note is recorded on it
            let note = try await client.call(NotesRecord.self, .init(entryId: entry.id, seconds: 1))

            // Then it is a recorded sound titled after the entry, with the input's samples
            #expect(note.entryId == entry.id && note.photoId == nil && note.durationSeconds == 1)
            let sound = try await client.call(SoundsGet.self, .init(id: note.soundId))
            #expect(sound.kind == "recorded" && sound.title == "Note on 산책")
            #expect(Array(try CaptureFixture.blob(sound.sha256, in: core).dropFirst(WAVWriter.headerSize)) == samples)
            // listed, and shown in every result that carries the entry
            #expect(try await client.call(NotesList.self, .init(entryId: entry.id)).items == [note])
            let summary = NoteSummaryRecord(id: note.id, durationSeconds: 1)
            #expect(try await client.call(DiaryGet.self, .init(id: entry.id)).notes == [summary])
            #expect(try await client.call(DiaryList.self, .init()).items.map(\.notes) == [[summary]])
            #expect(try await client.call(DiarySearch.self, .init(query: "산책")).items.map(\.entry.notes) == [[summary]])
            let updated = try await client.call(DiaryUpdate.self, .init(id: entry.id, favorite: true))
            #expect(updated.notes == [summary])
            // and played: the bytes reach the device
            let output = capture.scratch.appending("played.raw")
            let played = try await client.call(
                NotesPlay.self, .init(id: note.id, device: "file:'\(output)',raw", wait: true))
            #expect(played.soundId == sound.id && played.finished && played.framesWritten == 44_100)
            #expect(try capture.scratch.read(output) == samples)
        }
    }

    @Test func notesGoWithTheirEntryAndPhotoAndTheirRecordedSoundsWithThem() async throws {
        let capture = try CaptureFixture()
        try capture.writeInput(CaptureFixture.samples(16_000))
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            // Given a photo with a recorded note and an imported sound attached, and an entry with a note
            let album = try await client.call(AlbumsCreate.self, .init(title: "park"))
            let jpeg = try MediaSamples.jpegWithEXIF()
            let photo = try await client.call(
                PhotosImport.self,
                .init(albumId: album.id, data: Data(jpeg).base64EncodedString(), filename: "park.jpg"))
            let recorded = try await client.call(
                NotesRecord.self, .init(photoId: photo.id, seconds: 0.5, device: "capturefile"))
            let imported = try await client.call(SoundsImport.self, .init(data: wav(at: capture), title: "toy"))
            let attached = try await client.call(NotesAttach.self, .init(soundId: imported.id, photoId: photo.id))
            #expect(attached.photoId == photo.id && attached.entryId == nil && attached.soundId == imported.id)
            let photoNotes = try await client.call(PhotosGet.self, .init(id: photo.id)).notes
            #expect(photoNotes.map(\.id) == [recorded.id, attached.id])
            #expect(try await client.call(PhotosList.self, .init()).items.first?.notes == photoNotes)
            #expect(try await client.call(NotesList.self, .init(photoId: photo.id)).items == [recorded, attached])
            let recordedSound = try await client.call(SoundsGet.self, .init(id: recorded.soundId))
            #expect(recordedSound.title == "Note on park.jpg")
            let entry = try await client.call(DiaryCreate.self, .init(title: "walk", body: ""))
            let entryNote = try await client.call(
                NotesRecord.self, .init(entryId: entry.id, seconds: 1, device: "capturefile"))
            let entrySound = try await client.call(SoundsGet.self, .init(id: entryNote.soundId))
            #expect(entrySound.sha256 != recordedSound.sha256)

            // When the photo goes: its notes go, its recorded sound and that sound's blob with them; the imported
            // sound stays
            _ = try await client.call(PhotosDelete.self, .init(id: photo.id))
            #expect(Set(try await CaptureFixture.ownSounds(client).map(\.id)) == [imported.id, entrySound.id])
            var files = try await CaptureFixture.storedFiles(in: core, client: client)
            #expect(Set(files.blobs) == [imported.sha256, entrySound.sha256])
            let gone = await #expect(throws: RPCError.self) {
                try await client.call(NotesPlay.self, .init(id: attached.id))
            }
            #expect(gone?.code.rawValue == -32001)

            // When the entry goes: its note, sound and blob go
            _ = try await client.call(DiaryDelete.self, .init(id: entry.id))
            #expect(try await CaptureFixture.ownSounds(client).map(\.id) == [imported.id])
            files = try await CaptureFixture.storedFiles(in: core, client: client)
            #expect(files.blobs == [imported.sha256] && files.temporary.isEmpty)
        }
    }

    @Test func aPetDeletedWithItsAlbumsAndEntriesTakesTheirNotesAndRecordedSounds() async throws {
        let capture = try CaptureFixture()
        try capture.writeInput(CaptureFixture.samples(16_000))
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            // Given a pet with an album holding a photo with a note, and an entry with a note
            let pet = try await client.call(PetsCreate.self, .init(name: "콩"))
            let album = try await client.call(AlbumsCreate.self, .init(title: "park", petId: pet.id))
            let photo = try await client.call(
                PhotosImport.self,
                .init(albumId: album.id, data: Data(try MediaSamples.jpegWithEXIF()).base64EncodedString()))
            let entry = try await client.call(DiaryCreate.self, .init(title: "walk", body: "", petId: pet.id))
            _ = try await client.call(NotesRecord.self, .init(photoId: photo.id, seconds: 0.25, device: "capturefile"))
            _ = try await client.call(NotesRecord.self, .init(entryId: entry.id, seconds: 0.5, device: "capturefile"))
            #expect(try await CaptureFixture.ownSounds(client).count == 2)

            // When the pet is deleted with force
            _ = try await client.call(PetsDelete.self, .init(id: pet.id, force: true))

            // Then the notes' sounds and their blobs went with it
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
            #expect(try await CaptureFixture.storedFiles(in: core, client: client).blobs.isEmpty)
        }
    }

    @Test func aNotesSoundStaysWhileSomethingElseUsesItAndIsDeletedOnlyWithForce() async throws {
        let capture = try CaptureFixture()
        try capture.writeInput(CaptureFixture.samples(16_000))
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            let first = try await client.call(DiaryCreate.self, .init(title: "one", body: ""))
            let second = try await client.call(DiaryCreate.self, .init(title: "two", body: ""))
            let note = try await client.call(
                NotesRecord.self, .init(entryId: first.id, seconds: 0.5, device: "capturefile"))
            let sound = try await client.call(SoundsGet.self, .init(id: note.soundId))
            let shared = try await client.call(NotesAttach.self, .init(soundId: sound.id, entryId: second.id))

            // A sound that notes use is refused by sounds.delete without force
            let refused = await #expect(throws: RPCError.self) {
                try await client.call(SoundsDelete.self, .init(id: sound.id))
            }
            #expect(refused?.code.rawValue == -32002, "\(String(describing: refused))")

            // Deleting the note it was recorded for keeps it while another note uses it
            #expect(try await client.call(NotesDelete.self, .init(id: note.id)).deleted == 1)
            #expect(try await client.call(SoundsGet.self, .init(id: sound.id)) == sound)
            #expect(try await client.call(DiaryGet.self, .init(id: first.id)).notes.isEmpty)
            // and while a pet uses it as its shutter sound
            let pet = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))
            #expect(try await client.call(NotesDelete.self, .init(id: shared.id)).deleted == 1)
            #expect(try await client.call(SoundsGet.self, .init(id: sound.id)) == sound)
            _ = try await client.call(PetsUpdate.self, .init(id: pet.id, shutterSoundId: "bell"))

            // With force, sounds.delete takes the notes with it
            let again = try await client.call(NotesAttach.self, .init(soundId: sound.id, entryId: second.id))
            #expect(try await client.call(SoundsDelete.self, .init(id: sound.id, force: true)).deleted == 1)
            #expect(try await client.call(NotesList.self, .init(entryId: second.id)).items.isEmpty)
            let missing = await #expect(throws: RPCError.self) {
                try await client.call(NotesDelete.self, .init(id: again.id))
            }
            #expect(missing?.code.rawValue == -32001)
            #expect(try await CaptureFixture.storedFiles(in: core, client: client).blobs.isEmpty)
        }
    }

    @Test func aNoteNeedsExactlyOneKnownEntryOrPhoto() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let entry = try await client.call(DiaryCreate.self, .init(title: "walk", body: ""))
            for params in [
                NotesAttach.Params(soundId: "bell"), .init(soundId: "bell", entryId: entry.id, photoId: "x"),
            ] {
                let error = await #expect(throws: RPCError.self) { try await client.call(NotesAttach.self, params) }
                #expect(error?.code.rawValue == -32602)
                #expect(try error?.data?.decode(JSONValue.self)["field"] == "entryId")
            }
            let none = await #expect(throws: RPCError.self) {
                try await client.call(NotesRecord.self, .init(seconds: 1, device: "null"))
            }
            #expect(none?.code.rawValue == -32602)
            for call in [
                { _ = try await client.call(NotesAttach.self, .init(soundId: "bell", entryId: "no-such-entry")) },
                { _ = try await client.call(NotesAttach.self, .init(soundId: "bell", photoId: "no-such-photo")) },
                { _ = try await client.call(NotesAttach.self, .init(soundId: "no-such-sound", entryId: entry.id)) },
                { _ = try await client.call(NotesRecord.self, .init(entryId: "no-such-entry", seconds: 1)) },
                { _ = try await client.call(NotesList.self, .init(photoId: "no-such-photo")) },
                { _ = try await client.call(NotesPlay.self, .init(id: "no-such-note")) },
                { _ = try await client.call(NotesDelete.self, .init(id: "no-such-note")) },
            ] {
                let error = await #expect(throws: RPCError.self) { try await call() }
                #expect(error?.code.rawValue == -32001, "\(String(describing: error))")
            }
            #expect(try await client.call(NotesList.self, .init(entryId: entry.id)).items.isEmpty)
        }
    }

    /// A 16-bit mono WAV of a few samples, base64.
    private func wav(at capture: CaptureFixture) throws -> String {
        let path = capture.scratch.appending("toy-\(UUID().uuidString).wav")
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed16, rate: 8_000, channels: 1))
        try [UInt8](repeating: 7, count: 800).withUnsafeBytes { try writer.write($0) }
        try writer.close()
        return Data(try capture.scratch.read(path)).base64EncodedString()
    }
}
