import Foundation
import Testing

@testable import PetDiary

/// `photo.beforeImport` and `entry.beforeSave`: a refusal stores nothing, a change is what is stored.
struct HookTests {
    @Test func aRejectedImportStoresNothingAndSaysWhichHookRefused() async throws {
        // Given a hook that refuses every photo
        let hooks = ScriptedHooks(photo: { _ in .reject("No GIFs in this diary; send a JPEG.") })
        let fixture = try DiaryFixture(hooks: hooks)
        let album = try await fixture.album()
        let path = try fixture.file("tiny-20x10.gif")

        // When a photo is imported
        let error = await diaryError {
            _ = try await fixture.diary.importPhoto(from: .file(path: path), into: album.id)
        }

        // Then it is refused with the hook's message, and no row, file, temp file or event is left
        #expect(error?.code == .rejected)
        #expect(error?.hook == "photo.beforeImport")
        #expect(error?.message == "No GIFs in this diary; send a JPEG.")
        #expect(try await fixture.store.albums.get(id: album.id).photoCount == 0)
        #expect(fixture.storedBlobs.isEmpty && fixture.temporaries.isEmpty)
        #expect(fixture.events.all.isEmpty)
    }

    @Test func theHookSeesWhatWasReadAndItsChangesAreStored() async throws {
        // Given a hook that moves photos to another album, renames them and dates them
        let destination = Shared("")
        let fixture = try DiaryFixture(
            hooks: ScriptedHooks(photo: { proposal in
                var changed = proposal
                changed.albumId = destination.value
                changed.filename = "renamed.png"
                changed.takenAt = "2024-05-01T10:30:00.000Z"
                return .continue(changed)
            }))
        let album = try await fixture.album()
        let other = try await fixture.album("Elsewhere")
        destination.value = other.id
        let path = try fixture.file("tiny-24x12.png")

        // When a photo is imported into the first album
        let photo = try await fixture.diary.importPhoto(from: .file(path: path), into: album.id)

        // Then it is stored as the hook said
        #expect(photo.albumId == other.id)
        #expect(photo.filename == "renamed.png")
        #expect(photo.takenAt == "2024-05-01T10:30:00.000Z")
        var stored = photo
        stored.duplicate = nil
        #expect(try await fixture.store.photos.get(id: photo.id) == stored)
        #expect(fixture.events.all == [.photoImported(photo)])
    }

    @Test func theProposalCarriesTheFactsOfTheContent() async throws {
        let hooks = ScriptedHooks()
        let fixture = try DiaryFixture(hooks: hooks)
        let album = try await fixture.album()
        let path = try fixture.file("tiny-24x12.png")

        let photo = try await fixture.diary.importPhoto(from: .file(path: path), into: album.id)

        #expect(
            hooks.asked.photos == [
                PhotoProposal(
                    albumId: album.id, filename: "tiny-24x12.png", takenAt: photo.takenAt, sha256: photo.sha256,
                    bytes: photo.bytes, mediaType: "image/png", width: 24, height: 12, origin: path)
            ])
    }

    @Test func aBulkImportSkipsWhatTheHookRefusesAndImportsTheRest() async throws {
        // Given a hook that refuses GIFs
        let fixture = try DiaryFixture(
            hooks: ScriptedHooks(photo: { $0.mediaType == "image/gif" ? .reject("No GIFs.") : .continue(nil) }))
        let album = try await fixture.album()
        let png = try fixture.file("tiny-24x12.png")
        let gif = try fixture.file("tiny-20x10.gif")

        // When both are imported at once
        let outcomes = try await fixture.diary.importPhotos(at: [gif, png], into: album.id) { _ in }

        // Then the GIF is skipped with the hook's message and only the PNG is stored
        #expect(outcomes.first == .skipped(path: gif, reason: "No GIFs."))
        guard case .imported(let photo) = outcomes.last else {
            Issue.record("the PNG was not imported: \(outcomes)")
            return
        }
        #expect(fixture.storedBlobs == [photo.sha256])
        #expect(fixture.temporaries.isEmpty)
        #expect(fixture.events.all == [.photoImported(photo)])
    }

    @Test func aRejectedEntryIsNotSaved() async throws {
        // Given a hook that refuses entries on update only
        let hooks = ScriptedHooks(entry: { $0.id == nil ? .continue(nil) : .reject("") })
        let fixture = try DiaryFixture(hooks: hooks)
        let entry = try await fixture.diary.createEntry(EntryFields(title: "Walk", body: "A long one"))

        // When it is changed
        let error = await diaryError {
            _ = try await fixture.diary.updateEntry(id: entry.id, EntryFields(title: "Run"))
        }

        // Then the change is refused with a default message naming the hook, and the entry is as it was
        #expect(error?.code == .rejected)
        #expect(error?.hook == "entry.beforeSave")
        #expect(error?.message.contains("entry.beforeSave") == true)
        #expect(try await fixture.store.entries.get(id: entry.id) == entry)
        #expect(fixture.events.all == [.entryCreated(entry)])
        #expect(hooks.asked.entries.map(\.id) == [nil, entry.id])
        #expect(hooks.asked.entries.last?.title == "Run")
    }

    @Test func aRejectedNewEntryLeavesTheDiaryEmpty() async throws {
        let fixture = try DiaryFixture(hooks: ScriptedHooks(entry: { _ in .reject("Not today.") }))
        let error = await diaryError { _ = try await fixture.diary.createEntry(EntryFields(title: "Walk", body: "")) }
        #expect(error?.code == .rejected && error?.message == "Not today.")
        #expect(try await fixture.store.entries.list(EntryFilter(), page: PageRequest()).items.isEmpty)
        #expect(fixture.events.all.isEmpty)
    }

    @Test func aChangedEntryIsCheckedAndStoredAsChanged() async throws {
        // Given a hook that tags every body
        let fixture = try DiaryFixture(
            hooks: ScriptedHooks(entry: { proposal in
                var changed = proposal
                changed.body = (proposal.body ?? "") + " #산책"
                return .continue(changed)
            }))

        // When an entry is written
        let entry = try await fixture.diary.createEntry(EntryFields(title: "Walk", body: "보리와 공원"))

        // Then the changed body is stored, with the tag it brought
        #expect(entry.body == "보리와 공원 #산책")
        #expect(entry.tags == ["산책"])
        #expect(try await fixture.store.entries.get(id: entry.id) == entry)
    }
}
