import Foundation
import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `archive.create` and `archive.restore` through the built core: a chain of five archives with edits,
/// imports and deletions between them, each restored into a fresh directory and served by a second core.
struct ArchiveChainTests {
    @Test func eachArchiveOfAChainRestoresToExactlyTheDiaryAtThatPoint() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: client, files: files)
        var states: [DiaryContents] = []
        var archives: [ArchiveCreate.Result] = []
        func archive() async throws -> ArchiveCreate.Result {
            let result = try await client.call(ArchiveCreate.self, .init())
            archives.append(result)
            states.append(try await DiaryContents.capture(client, dataDirectory: core.dataDirectory))
            return result
        }

        // Scripts (the backup-copy plugin) learn of each archive from archive.completed.
        let events = try await RPCClient.connect(to: core.socketPath)
        _ = try await events.call(EventsSubscribe.self, .init(topics: ["archive.completed"]))
        let seen = NIOLockedValueBox<[String]>([])
        let watcher = Task {
            for await notification in events.notifications
            where notification.method == EventNotification<JSONValue>.method {
                seen.withLockedValue { $0.append(notification.params?.text ?? "") }
            }
        }

        // 1: the first archive in the directory is full.
        let full = try await archive()
        #expect(full.kind == "full" && full.previous == nil && full.note == nil)
        #expect(full.counts.photos == 4 && full.counts.files == 10, "4 photos and 6 sounds")
        #expect(full.path == core.dataDirectory + "/archives/" + full.name)

        // 2: ten new photos: the incremental holds them and their album, no other file.
        var added: [PhotoRecord] = []
        for number in 10..<20 {
            let path = try files.write("new-\(number).jpg", try MediaSamples.paddedJPEG(number: number, size: 40_000))
            added.append(try await client.call(PhotosImport.self, .init(albumId: fixture.boreeAlbum.id, path: path)))
        }
        let second = try await archive()
        #expect(second.kind == "incremental" && second.previous == .init(name: full.name, sha256: full.sha256))
        #expect(second.counts == .init(pets: 0, albums: 1, photos: 10, entries: 0, sounds: 0, deleted: 0, files: 10))

        // 3: edits, and two voice notes: one with a sound the chain holds, one with a new sound (its only file).
        _ = try await client.call(PetsUpdate.self, .init(id: fixture.kong.id, notes: "낮잠 대장"))
        let entries = try await client.call(DiaryList.self, .init(limit: 500)).items
        _ = try await client.call(DiaryUpdate.self, .init(id: entries[0].id, body: "다시 #산책 #공원"))
        _ = try await client.call(PhotosUpdate.self, .init(id: added[0].id, memo: "최고의 사진", favorite: true))
        _ = try await client.call(SettingsSet.self, .init(themeColor: "#336699"))
        let entryNote = try await client.call(
            NotesAttach.self, .init(soundId: fixture.sound.id, entryId: entries[0].id))
        let wav = try ExportFixture.writeWAV(files.appending("purr.wav"), tone: 0x22)
        let noteSound = try await client.call(SoundsImport.self, .init(path: wav, title: "그르릉"))
        _ = try await client.call(NotesAttach.self, .init(soundId: noteSound.id, photoId: added[2].id))
        let third = try await archive()
        #expect(
            third.counts
                == .init(pets: 1, albums: 0, photos: 2, entries: 1, sounds: 1, notes: 2, deleted: 0, files: 1))
        #expect(states[2].notes.values.joined().count == 2)

        // 4: deletions are recorded: a voice note, a photo, an entry, and an album with its photos.
        _ = try await client.call(NotesDelete.self, .init(id: entryNote.id))
        _ = try await client.call(PhotosDelete.self, .init(id: added[1].id))
        _ = try await client.call(DiaryDelete.self, .init(id: entries[1].id))
        _ = try await client.call(AlbumsDelete.self, .init(id: fixture.kongAlbum.id, force: true))
        let fourth = try await archive()
        #expect(fourth.counts.deleted >= 6, "\(fourth.counts)")
        #expect(states[3].notes.values.joined().map(\.photoId) == [added[2].id], "the photo's note is left")
        #expect(fourth.counts.files == 0)

        // 5: the bytes of a deleted photo come back (the chain has them: no file), a new pet and entry.
        let again = try files.write("again.jpg", try MediaSamples.paddedJPEG(number: 11, size: 40_000))
        _ = try await client.call(PhotosImport.self, .init(albumId: fixture.boreeAlbum.id, path: again))
        let pet = try await client.call(PetsCreate.self, .init(name: "나비", species: "cat"))
        _ = try await client.call(
            DiaryCreate.self, .init(title: "새 친구", body: "#나비", date: "2024-06-01", petId: pet.id))
        let fifth = try await archive()
        #expect(fifth.counts.files == 0 && fifth.counts.photos == 1 && fifth.counts.pets == 1)
        #expect(fifth.previous?.name == fourth.name)

        for _ in 0..<500 where seen.withLockedValue({ $0.count < 5 }) { try await Task.sleep(for: .milliseconds(20)) }
        watcher.cancel()
        await events.close()
        let completed = try seen.withLockedValue { $0 }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["data"]
                as? [String: Any]
        }
        #expect(completed.map { $0?["path"] as? String } == archives.map(\.path))
        #expect(completed.map { $0?["kind"] as? String } == archives.map(\.kind))
        #expect(completed.map { ($0?["size"] as? Int).map(Int64.init) } == archives.map(\.size))

        let listed = try await client.call(ArchiveList.self, .init()).items
        #expect(listed.map(\.name) == archives.map(\.name))
        let firstPage = try await client.call(ArchiveList.self, .init(limit: 3))
        let secondPage = try await client.call(ArchiveList.self, .init(limit: 3, cursor: firstPage.nextCursor))
        #expect((firstPage.items + secondPage.items).map(\.name) == listed.map(\.name))
        #expect(firstPage.nextCursor != nil && secondPage.nextCursor == nil)
        #expect(listed.map(\.kind) == ["full"] + Array(repeating: "incremental", count: 4))
        #expect(listed.map(\.counts) == archives.map(\.counts))
        #expect(listed.last?.previous == fifth.previous)

        // Each archive restores to the diary as it was then, records and file bytes alike.
        let restored = try TemporaryDirectory()
        for (index, result) in archives.enumerated() {
            let into = restored.appending("r\(index)")
            let restore = try await client.call(ArchiveRestore.self, .init(path: result.path, into: into))
            #expect(restore.chain == archives[...index].map(\.name))
            #expect(restore.counts?.photos == states[index].photos.count)
            let copy = try CoreProcess(dataDirectory: into)
            defer { _ = copy.stop() }
            let other = try await RPCClient.connect(to: copy.socketPath)
            let state = try await DiaryContents.capture(other, dataDirectory: into)
            await other.close()
            #expect(state == states[index], "archive \(index + 1): \(state) vs \(states[index])")
            #expect(state.files.count == Set(state.photos.map(\.sha256) + state.sounds.map(\.sha256)).count)
        }
        #expect(states[1] != states[0] && states[3] != states[2] && states[4] != states[3])

        // Restoring over something, or into the live data directory, is refused and changes nothing.
        let occupied = try TemporaryDirectory()
        _ = try occupied.write("keep.txt", Array("mine".utf8))
        for into in [occupied.path, core.dataDirectory, "relative/dir"] {
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.call(ArchiveRestore.self, .init(path: fifth.path, into: into))
            }
            #expect(error?.code == .invalidParams, "\(into)")
        }
        #expect(occupied.listing() == ["keep.txt"])
        await client.close()
    }

    @Test func aRestoredRecordedNoteStillTakesItsSoundWithItAndAnAttachedSoundStays() async throws {
        // Given a recorded note and an imported sound attached as a note, archived and restored
        let capture = try CaptureFixture()
        try capture.writeInput(CaptureFixture.samples(16_000))
        let core = try CoreProcess(environment: capture.environment)
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let entry = try await client.call(DiaryCreate.self, .init(title: "산책", body: ""))
        let recorded = try await client.call(
            NotesRecord.self, .init(entryId: entry.id, seconds: 0.5, device: "capturefile"))
        let wav = try ExportFixture.writeWAV(files.appending("purr.wav"), tone: 0x22)
        let imported = try await client.call(SoundsImport.self, .init(path: wav, title: "그르릉"))
        let attached = try await client.call(NotesAttach.self, .init(soundId: imported.id, entryId: entry.id))
        let archive = try await client.call(ArchiveCreate.self, .init())
        #expect(archive.counts.notes == 2)
        let into = try TemporaryDirectory().appending("restored")
        let restore = try await client.call(ArchiveRestore.self, .init(path: archive.path, into: into))
        #expect(restore.counts?.notes == 2)
        await client.close()

        let copy = try CoreProcess(dataDirectory: into)
        defer { _ = copy.stop() }
        let other = try await RPCClient.connect(to: copy.socketPath)
        #expect(Set(try await other.call(NotesList.self, .init(entryId: entry.id)).items) == [recorded, attached])

        // When both notes are deleted in the restored diary
        _ = try await other.call(NotesDelete.self, .init(id: recorded.id))
        _ = try await other.call(NotesDelete.self, .init(id: attached.id))

        // Then the sound recorded for its note went with it, and the imported one stays
        let gone = await #expect(throws: RPCError.self) {
            try await other.call(SoundsGet.self, .init(id: recorded.soundId))
        }
        #expect(gone?.code == .notFound, "\(String(describing: gone))")
        #expect(try await other.call(SoundsGet.self, .init(id: imported.id)) == imported)
        await other.close()
    }
}
