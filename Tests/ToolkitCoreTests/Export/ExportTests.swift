import Foundation
import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `export.create` over the core's socket with real files: what GNU tar and sha256sum find in the bundle,
/// what a selection holds, and where a bundle may go.
struct ExportTests {
    @Test func aWholeDiaryBundleOpensWithTarAndEveryFileMatchesItsManifestAndTheRecordsTheMethodsReturn()
        async throws
    {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let notes = try await fixture.attachNotes(with: client, files: files)
            _ = try await client.call(EventsSubscribe.self, .init(topics: ["export.completed"]))
            let seen = NIOLockedValueBox<(progress: Int, event: String?)>((0, nil))
            let watcher = Task {
                for await notification in client.notifications {
                    let text = notification.params?.text ?? ""
                    if notification.method == ProgressNotification.method { seen.withLockedValue { $0.progress += 1 } }
                    if notification.method == EventNotification<JSONValue>.method {
                        seen.withLockedValue { $0.event = text }
                        return
                    }
                }
            }
            let target = try TemporaryDirectory()
            let path = target.appending("diary.tar.zst")
            let result = try await client.call(ExportCreate.self, .init(path: path, progress: true))

            #expect(result.path == path)
            #expect(
                result.counts == .init(pets: 2, albums: 2, photos: 4, entries: 3, sounds: 7, notes: 2, files: 11))
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(Int64(size ?? -1) == result.size)
            let sum = try await runCommand("/usr/bin/sha256sum", [path])
            #expect(sum.stdout.hasPrefix(result.sha256 + " "))
            #expect(target.listing() == ["diary.tar.zst"], "no temp file is left beside the bundle")

            let bundle = try await UnpackedBundle(path)
            try await bundle.checkAgainstManifest()
            #expect(
                bundle.manifest["counts"] as? [String: Int] == [
                    "pets": 2, "albums": 2, "photos": 4, "videos": 0, "entries": 3, "sounds": 7, "notes": 2,
                    "files": 11,
                ])
            #expect(bundle.manifest["kind"] as? String == "bundle" && bundle.manifest["format"] as? Int == 1)
            #expect(
                Array(bundle.listed.dropFirst().prefix(7)) == [
                    "data/pets.jsonl", "data/albums.jsonl", "data/photos.jsonl", "data/entries.jsonl",
                    "data/sounds.jsonl", "data/settings.jsonl", "data/notes.jsonl",
                ])
            let photos = fixture.boreePhotos + fixture.kongPhotos
            #expect(
                Set(bundle.files(in: "media"))
                    == Set(
                        photos.map {
                            "\($0.sha256).\($0.mediaType == "image/jpeg" ? "jpg" : String($0.mediaType.dropFirst(6)))"
                        }))
            #expect(bundle.files(in: "sounds").contains("\(fixture.sound.sha256).wav"))
            #expect(bundle.files(in: "sounds").contains("\(notes.noteSound.sha256).wav"), "a sound only a note uses")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: bundle.directory.appending("media/\(photos[1].sha256).jpg")))
                    == Data(try files.read(files.appending("boree-1.jpg"))))

            // The records are what the list methods return.
            let pets = try await client.call(PetsList.self, .init(limit: 500)).items
            #expect(Set(try bundle.records("pets", as: PetRecord.self)) == Set(pets))
            let albums = try await client.call(AlbumsList.self, .init(limit: 500)).items
            #expect(Set(try bundle.records("albums", as: AlbumRecord.self)) == Set(albums))
            let listedPhotos = try await client.call(PhotosList.self, .init(limit: 500)).items
            #expect(Set(try bundle.records("photos", as: PhotoRecord.self)) == Set(listedPhotos))
            let entries = try await client.call(DiaryList.self, .init(limit: 500)).items
            #expect(Set(try bundle.records("entries", as: EntryRecord.self)) == Set(entries))
            let sounds = try await client.call(SoundsList.self, .init(limit: 500)).items
            #expect(Set(try bundle.records("sounds", as: SoundRecord.self)) == Set(sounds))
            let settings = try await client.call(SettingsGet.self)
            #expect(try bundle.records("settings", as: SettingsRecord.self) == [settings])
            // The notes, oldest first, and the entry and photo records list theirs.
            #expect(try bundle.records("notes", as: NoteRecord.self) == [notes.entryNote, notes.photoNote])
            let photoNotes = try await client.call(NotesList.self, .init(photoId: fixture.kongPhotos[0].id)).items
            #expect(photoNotes == [notes.photoNote])
            let kongPhoto = try bundle.records("photos", as: PhotoRecord.self).first {
                $0.id == fixture.kongPhotos[0].id
            }
            #expect(
                kongPhoto?.notes == [
                    NoteSummaryRecord(id: notes.photoNote.id, durationSeconds: notes.photoNote.durationSeconds)
                ])
            #expect(
                try bundle.records("entries", as: EntryRecord.self).flatMap(\.notes).map(\.id) == [notes.entryNote.id])

            try await waitFor { seen.withLockedValue { $0.event != nil } }
            watcher.cancel()
            let (progress, event) = seen.withLockedValue { $0 }
            #expect(progress >= 1)
            #expect(event?.contains("\"topic\":\"export.completed\"") == true)
            #expect(event?.contains("\"size\":\(result.size)") == true, "\(event ?? "")")
            await client.close()
        }
    }

    @Test func aPetSelectionHoldsOnlyThatPetsRecordsAndFiles() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let notes = try await fixture.attachNotes(with: client, files: files)
            let target = try TemporaryDirectory()

            let boree = try await client.call(
                ExportCreate.self, .init(path: target.appending("boree.tar.zst"), petId: fixture.boree.id))
            #expect(boree.counts == .init(pets: 1, albums: 1, photos: 2, entries: 2, sounds: 1, notes: 1, files: 3))
            let bundle = try await UnpackedBundle(boree.path)
            try await bundle.checkAgainstManifest()
            #expect(try bundle.records("pets", as: PetRecord.self) == [fixture.boree])
            #expect(try bundle.records("albums", as: AlbumRecord.self).map(\.id) == [fixture.boreeAlbum.id])
            #expect(
                Set(try bundle.records("photos", as: PhotoRecord.self).map(\.id)) == Set(fixture.boreePhotos.map(\.id)))
            #expect(try bundle.records("entries", as: EntryRecord.self).allSatisfy { $0.petId == fixture.boree.id })
            #expect(try bundle.records("sounds", as: SoundRecord.self) == [fixture.sound])
            #expect(Set(bundle.files(in: "media")) == Set(fixture.boreePhotos.map { "\($0.sha256).jpg" }))
            #expect(bundle.files(in: "sounds") == ["\(fixture.sound.sha256).wav"])
            #expect(try bundle.records("notes", as: NoteRecord.self) == [notes.entryNote])
            let selection = bundle.manifest["selection"] as? [String: String]
            #expect(selection == ["petId": fixture.boree.id])

            let kong = try await client.call(
                ExportCreate.self, .init(path: target.appending("kong.tar.zst"), petId: fixture.kong.id))
            #expect(kong.counts == .init(pets: 1, albums: 1, photos: 2, entries: 1, sounds: 1, notes: 1, files: 3))
            let kongBundle = try await UnpackedBundle(kong.path)
            try await kongBundle.checkAgainstManifest()
            #expect(kongBundle.files(in: "sounds") == ["\(notes.noteSound.sha256).wav"], "the note's sound goes along")
            #expect(try kongBundle.records("sounds", as: SoundRecord.self) == [notes.noteSound])
            #expect(try kongBundle.records("notes", as: NoteRecord.self) == [notes.photoNote])

            // Days and an album narrow it further.
            let days = try await client.call(
                ExportCreate.self,
                .init(
                    path: target.appending("days.tar.zst"), petId: fixture.boree.id, from: "2024-05-02",
                    to: "2024-05-02"))
            #expect(days.counts.entries == 1 && days.counts.photos == 0 && days.counts.notes == 0)
            let album = try await client.call(
                ExportCreate.self, .init(path: target.appending("album.tar.zst"), albumId: fixture.kongAlbum.id))
            #expect(album.counts == .init(pets: 1, albums: 1, photos: 2, entries: 1, sounds: 1, notes: 1, files: 3))
            await client.close()
        }
    }

    @Test func withoutAPathTheBundleIsNamedAfterThePetAndTodayInTheExportsDirectory() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let first = try await client.call(ExportCreate.self, .init(petId: fixture.kong.id))
            let directory = core.dataDirectory + "/exports/"
            #expect(first.path.hasPrefix(directory))
            let name = String(first.path.dropFirst(directory.count))
            #expect(name.wholeMatch(of: /콩이_ 고양이_-\d{4}-\d{2}-\d{2}\.tar\.zst/) != nil, "\(name)")
            let second = try await client.call(ExportCreate.self, .init(petId: fixture.kong.id))
            #expect(second.path == first.path.replacingOccurrences(of: ".tar.zst", with: "-2.tar.zst"))
            let whole = try await client.call(ExportCreate.self, .init())
            #expect(whole.path.dropFirst(directory.count).hasPrefix("diary-") || whole.path.contains("/exports/"))

            // A directory as the path gets the default name inside it.
            let target = try TemporaryDirectory()
            let inside = try await client.call(ExportCreate.self, .init(path: target.path, petId: fixture.boree.id))
            #expect(inside.path.hasPrefix(target.path + "/보리-"))
            await client.close()
        }
    }

    @Test func aPathInADirectoryThatDoesNotExistIsRefusedAndNothingIsWritten() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let target = try TemporaryDirectory()
            let missing = target.appending("no/such/dir/out.tar.zst")
            let error = await #expect(throws: RPCError.self) {
                try await client.call(ExportCreate.self, .init(path: missing))
            }
            #expect(error?.code == .invalidParams, "\(String(describing: error))")
            #expect(error?.message.contains("does not exist") == true)
            let data = try error?.data?.decode(JSONValue.self)
            #expect(data?["field"] == "path")
            #expect(target.listing().isEmpty)

            let relative = await #expect(throws: RPCError.self) {
                try await client.call(ExportCreate.self, .init(path: "out.tar.zst"))
            }
            #expect(relative?.code == .invalidParams)

            let unknown = await #expect(throws: RPCError.self) {
                try await client.call(ExportCreate.self, .init(path: target.appending("x.tar.zst"), petId: "nope"))
            }
            #expect(unknown?.code == .notFound)
            #expect(target.listing().isEmpty)
            await client.close()
        }
    }

    @Test func aPhotoFileGoneFromTheStoreFailsTheExportWithAConflictAndLeavesNoFile() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let sha256 = fixture.kongPhotos[1].sha256
            let blob = core.dataDirectory + "/blobs/sha256/" + sha256.prefix(2) + "/" + sha256
            try FileManager.default.removeItem(atPath: blob)
            let target = try TemporaryDirectory()
            let error = await #expect(throws: RPCError.self) {
                try await client.call(ExportCreate.self, .init(path: target.appending("x.tar.zst")))
            }
            #expect(error?.code == .conflict, "\(String(describing: error))")
            #expect(error?.message.contains("media/\(sha256).gif") == true)
            #expect(target.listing().isEmpty)
            // The other pet's bundle does not need that file.
            _ = try await client.call(
                ExportCreate.self, .init(path: target.appending("boree.tar.zst"), petId: fixture.boree.id))
            #expect(target.listing() == ["boree.tar.zst"])
            await client.close()
        }
    }

    @Test func aFileWhoseBytesNoLongerMatchItsNameFailsWhileWritingAndLeavesNoTempFile() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let sha256 = fixture.boreePhotos[1].sha256
            let blob = core.dataDirectory + "/blobs/sha256/" + sha256.prefix(2) + "/" + sha256
            var bytes = try files.read(blob)
            bytes[bytes.count / 2] ^= 0xFF
            try FileManager.default.removeItem(atPath: blob)
            try Data(bytes).write(to: URL(fileURLWithPath: blob))
            let target = try TemporaryDirectory()
            let error = await #expect(throws: RPCError.self) {
                try await client.call(ExportCreate.self, .init(path: target.appending("x.tar.zst"), progress: true))
            }
            #expect(error?.code == .badArchive, "\(String(describing: error))")
            let data = try error?.data?.decode(JSONValue.self)
            #expect(data?["reason"] == "sha256-mismatch" && data?["entry"] == .string("media/\(sha256).jpg"))
            #expect(target.listing().isEmpty, "neither the bundle nor its temp file")
            await client.close()
        }
    }

    private func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    }
}
