import Foundation
import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `import.bundle` through the built core over its socket, with real bundles: a round trip into a fresh
/// data directory, and what each conflict mode does with records already there.
struct ImportTests {
    @Test func anExportImportedIntoAFreshDiaryGivesTheSameRecordsAndTheSameBlobBytes() async throws {
        let sender = try CoreProcess()
        defer { _ = sender.stop() }
        let receiver = try CoreProcess()
        defer { _ = receiver.stop() }
        let from = try await RPCClient.connect(to: sender.socketPath)
        let to = try await RPCClient.connect(to: receiver.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: from, files: files)
        let notes = try await fixture.attachNotes(with: from, files: files)
        let target = try TemporaryDirectory()
        let bundle = try await from.call(ExportCreate.self, .init(path: target.appending("diary.tar.zst"))).path
        let sent = try await DiaryState.read(from, dataDirectory: sender.dataDirectory)

        _ = try await to.call(EventsSubscribe.self, .init(topics: ["import.completed"]))
        let seen = NIOLockedValueBox<(progress: [String], event: String?)>(([], nil))
        let watcher = Task {
            for await notification in to.notifications {
                let text = notification.params?.text ?? ""
                if notification.method == ProgressNotification.method {
                    seen.withLockedValue { $0.progress.append(text) }
                }
                if notification.method == EventNotification<JSONValue>.method {
                    seen.withLockedValue { $0.event = text }
                    return
                }
            }
        }
        let result = try await to.call(ImportBundle.self, .init(path: bundle, progress: true))

        #expect(result.added == .init(pets: 2, albums: 2, photos: 4, entries: 3, sounds: 2, notes: 2))
        #expect(result.skipped == .init(sounds: 5), "the built-in sounds map onto the receiver's own")
        #expect(result.replaced == .init())
        #expect(result.settings == "kept")
        let received = try await DiaryState.read(to, dataDirectory: receiver.dataDirectory)
        #expect(received.pets == sent.pets)
        #expect(received.albums == sent.albums)
        #expect(received.photos == sent.photos)
        #expect(received.entries == sent.entries)
        #expect(received.notes == sent.notes, "notes.list of each entry and photo")
        #expect(received.notes.count == 2)
        #expect(
            try DiaryState.blob(notes.noteSound.sha256, in: receiver.dataDirectory)
                == Data(try files.read(files.appending("purr.wav"))), "the note's sound, byte for byte")
        #expect(received.ownSounds == sent.ownSounds)
        #expect(Set(received.sounds.map(\.id)) == Set(sent.sounds.map(\.id)))
        #expect(received.blobFiles == sent.blobFiles)
        #expect(received.temporaryFiles.isEmpty)
        for sha256 in Set(sent.photos.map(\.sha256) + sent.sounds.map(\.sha256)) {
            #expect(
                try DiaryState.blob(sha256, in: receiver.dataDirectory)
                    == DiaryState.blob(sha256, in: sender.dataDirectory), "\(sha256)")
        }
        let pet = try #require(sent.pets.first { $0.name == "보리" })
        #expect(try await to.call(PetsGet.self, .init(id: pet.id)) == pet)
        #expect(try await to.call(DiaryTags.self, .init()).tags.map(\.tag).sorted() == ["낮잠", "산책"])
        #expect(try await to.call(DiarySearch.self, .init(query: "공원")).items.count == 1)

        try await waitFor { seen.withLockedValue { $0.event != nil } }
        watcher.cancel()
        let (progress, event) = seen.withLockedValue { $0 }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: bundle)[.size] as? Int)
        #expect(progress.last?.contains("\"done\":\(size)") == true, "\(progress.suffix(2))")
        #expect(event?.contains("\"topic\":\"import.completed\"") == true)
        #expect(event?.contains("\"pets\":2") == true, "\(event ?? "")")
        await from.close()
        await to.close()
    }

    @Test func aBundleWithTheHTMLGalleryImportsItsRecordsAndLeavesTheGalleryOut() async throws {
        let sender = try CoreProcess()
        defer { _ = sender.stop() }
        let receiver = try CoreProcess()
        defer { _ = receiver.stop() }
        let from = try await RPCClient.connect(to: sender.socketPath)
        let to = try await RPCClient.connect(to: receiver.socketPath)
        let files = try TemporaryDirectory()
        _ = try await ExportFixture.make(with: from, files: files)
        let target = try TemporaryDirectory()
        let bundle = try await from.call(
            ExportCreate.self, .init(path: target.appending("gallery.tar.zst"), html: true)
        ).path
        let listing = try await runCommand("/usr/bin/tar", ["--zstd", "-tf", bundle]).stdout
        #expect(listing.contains("index.html\n") && listing.contains("thumbs/"))
        let sent = try await DiaryState.read(from, dataDirectory: sender.dataDirectory)

        let result = try await to.call(ImportBundle.self, .init(path: bundle))

        #expect(result.added == .init(pets: 2, albums: 2, photos: 4, entries: 3, sounds: 1))
        let received = try await DiaryState.read(to, dataDirectory: receiver.dataDirectory)
        #expect(received.photos == sent.photos && received.entries == sent.entries)
        let expected = Set(sent.photos.map(\.sha256) + sent.sounds.map(\.sha256))
        #expect(Set(received.blobFiles.map { ($0 as NSString).lastPathComponent }) == expected, "no thumbnail kept")
        #expect(received.temporaryFiles.isEmpty)
        await from.close()
        await to.close()
    }

    @Test func skipKeepsOursReplaceTakesTheBundlesAndDuplicateAddsEverythingUnderNewIds() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: client, files: files)
        let notes = try await fixture.attachNotes(with: client, files: files)
        let target = try TemporaryDirectory()
        let bundle = try await client.call(
            ExportCreate.self, .init(path: target.appending("boree.tar.zst"), petId: fixture.boree.id)
        ).path
        let renamed = try await client.call(PetsUpdate.self, .init(id: fixture.boree.id, name: "보리보리"))
        let before = try await DiaryState.read(client, dataDirectory: core.dataDirectory)

        // skip: everything is already here; nothing changes.
        let skipped = try await client.call(ImportBundle.self, .init(path: bundle))
        #expect(skipped.added == .init())
        #expect(skipped.skipped == .init(pets: 1, albums: 1, photos: 2, entries: 2, sounds: 1, notes: 1))
        #expect(try await DiaryState.read(client, dataDirectory: core.dataDirectory) == before)
        #expect(try await client.call(PetsGet.self, .init(id: renamed.id)).name == "보리보리")

        // replace: the bundle's version of each record wins.
        let replaced = try await client.call(ImportBundle.self, .init(path: bundle, onConflict: "replace"))
        #expect(replaced.replaced == .init(pets: 1, albums: 1, photos: 2, entries: 2, sounds: 1, notes: 1))
        #expect(replaced.added == .init())
        #expect(try await client.call(PetsGet.self, .init(id: fixture.boree.id)) == fixture.boree)
        var afterReplace = try await DiaryState.read(client, dataDirectory: core.dataDirectory)
        afterReplace.pets.remove(fixture.boree)
        var expected = before
        expected.pets.remove(renamed)
        #expect(afterReplace == expected, "only the renamed pet differed")
        #expect(
            afterReplace.notes[notes.entryNote.entryId ?? ""] == [notes.entryNote], "a replaced entry keeps its note")
        #expect(afterReplace.notes[notes.photoNote.photoId ?? ""] == [notes.photoNote])

        // duplicate: every record again, under new ids, the copies pointing at each other.
        let duplicated = try await client.call(ImportBundle.self, .init(path: bundle, onConflict: "duplicate"))
        #expect(duplicated.added == .init(pets: 1, albums: 1, photos: 2, entries: 2, sounds: 1, notes: 1))
        let after = try await DiaryState.read(client, dataDirectory: core.dataDirectory)
        let copy = try #require(after.pets.first { $0.name == "보리" && $0.id != fixture.boree.id })
        let copiedSound = try #require(after.sounds.first { $0.id == copy.shutterSoundId })
        #expect(copiedSound.id != fixture.sound.id && copiedSound.sha256 == fixture.sound.sha256)
        let copiedAlbum = try #require(after.albums.first { $0.petId == copy.id })
        #expect(copiedAlbum.id != fixture.boreeAlbum.id && copiedAlbum.title == fixture.boreeAlbum.title)
        #expect(copiedAlbum.photoCount == 2)
        let copiedPhotos = after.photos.filter { $0.albumId == copiedAlbum.id }
        #expect(Set(copiedPhotos.map(\.sha256)) == Set(fixture.boreePhotos.map(\.sha256)))
        #expect(copiedPhotos.allSatisfy { photo in !fixture.boreePhotos.contains { $0.id == photo.id } })
        let copiedEntries = after.entries.filter { $0.petId == copy.id }
        #expect(copiedEntries.count == 2)
        let shown = Set(copiedEntries.flatMap(\.photoIds))
        #expect(shown == Set(copiedPhotos.map(\.id)), "the copied entry shows the copied photos")
        let copiedNotes = copiedEntries.compactMap { after.notes[$0.id] }.flatMap { $0 }
        #expect(copiedNotes.count == 1)
        #expect(copiedNotes.first?.id != notes.entryNote.id, "the copied note has a new id")
        #expect(copiedNotes.first?.soundId == copiedSound.id, "and the copied sound")
        #expect(after.notes[notes.entryNote.entryId ?? ""] == [notes.entryNote], "the original stays")
        #expect(after.entries.count == before.entries.count + 2)
        #expect(after.blobFiles == before.blobFiles, "the same bytes are stored once")
        #expect(after.temporaryFiles.isEmpty)
        await client.close()
    }

    @Test func aBundleMadeBeforeVoiceNotesWithoutNotesJSONLImports() async throws {
        let sender = try CoreProcess()
        defer { _ = sender.stop() }
        let receiver = try CoreProcess()
        defer { _ = receiver.stop() }
        let from = try await RPCClient.connect(to: sender.socketPath)
        let to = try await RPCClient.connect(to: receiver.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: from, files: files)
        let target = try TemporaryDirectory()
        let bundle = try await from.call(
            ExportCreate.self, .init(path: target.appending("boree.tar.zst"), petId: fixture.boree.id)
        ).path
        // As an older toolkit wrote it: six data files, and records with no `notes` key.
        var draft = try await BundleDraft(unpacking: bundle)
        draft.files.removeAll { $0 == "data/notes.jsonl" }
        for member in ["data/entries.jsonl", "data/photos.jsonl"] {
            try draft.editLines(member) { lines in
                lines = lines.map { $0.replacingOccurrences(of: "\"notes\":[],", with: "") }
                #expect(lines.allSatisfy { !$0.contains("\"notes\"") })
            }
        }
        let old = target.appending("old.tar.zst")
        try await draft.pack(to: old)

        let result = try await to.call(ImportBundle.self, .init(path: old))

        #expect(result.added == .init(pets: 1, albums: 1, photos: 2, entries: 2, sounds: 1, notes: 0))
        let received = try await DiaryState.read(to, dataDirectory: receiver.dataDirectory)
        #expect(received.notes.isEmpty && received.entries.count == 2)
        await from.close()
        await to.close()
    }

    @Test func badParamsAreRefusedWithTheFieldNamed() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let relative = await #expect(throws: RPCError.self) {
            try await client.call(ImportBundle.self, .init(path: "diary.tar.zst"))
        }
        #expect(relative?.code == .invalidParams)
        let mode = await #expect(throws: RPCError.self) {
            try await client.call(ImportBundle.self, .init(path: "/tmp/x.tar.zst", onConflict: "merge"))
        }
        #expect(mode?.code == .invalidParams)
        #expect(try mode?.data?.decode(JSONValue.self)["field"] == "onConflict")
        let missing = await #expect(throws: RPCError.self) {
            try await client.call(ImportBundle.self, .init(path: "/nonexistent/diary.tar.zst"))
        }
        #expect(missing?.code == .invalidParams)
        #expect(try missing?.data?.decode(JSONValue.self)["field"] == "path")
        await client.close()
    }

    private func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    }
}
