import Foundation
import Testing

@testable import PetDiary

/// The delete paths of `pets.delete`, `albums.delete` and `photos.delete`: rows, then files, then events.
struct DeletionTests {
    /// A pet with an album holding a PNG, and another album (of no pet) holding the same PNG and a GIF.
    private func twoAlbumsSharingBytes(_ fixture: DiaryFixture) async throws -> (Pet, Album, Album, [Photo]) {
        let pet = try await fixture.store.pets.create(PetFields(name: "보리"))
        let petsAlbum = try await fixture.album("Bori's", petId: pet.id)
        let other = try await fixture.album("Everyone's")
        let png = try fixture.file("tiny-24x12.png")
        let gif = try fixture.file("tiny-20x10.gif")
        let photos = [
            try await fixture.diary.importPhoto(from: .file(path: png), into: petsAlbum.id),
            try await fixture.diary.importPhoto(from: .file(path: png), into: other.id),
            try await fixture.diary.importPhoto(from: .file(path: gif), into: other.id),
        ]
        return (pet, petsAlbum, other, photos)
    }

    @Test func aForcedPetDeleteTakesItsAlbumsAndKeepsBytesAnotherAlbumUses() async throws {
        // Given a pet whose album shares a PNG with another album
        let fixture = try DiaryFixture()
        let (pet, petsAlbum, _, photos) = try await twoAlbumsSharingBytes(fixture)

        // When the pet is deleted with force
        let result = try await fixture.diary.deletePet(id: pet.id, force: true, logger: fixture.logger)

        // Then its album and photo go, the shared file stays, and pet.deleted comes last
        #expect(result.albums == 1 && result.photos == 1)
        #expect(Set(fixture.storedBlobs) == [photos[0].sha256, photos[2].sha256])
        #expect(await diaryError { _ = try await fixture.store.albums.get(id: petsAlbum.id) }?.code == .notFound)
        #expect(fixture.events.all.last == .petDeleted(id: pet.id))
    }

    @Test func aPetWithAlbumsIsRefusedWithoutForceAndKeepsEverything() async throws {
        let fixture = try DiaryFixture()
        let (pet, _, _, _) = try await twoAlbumsSharingBytes(fixture)
        let before = fixture.events.all

        let error = await diaryError {
            _ = try await fixture.diary.deletePet(id: pet.id, force: false, logger: fixture.logger)
        }

        #expect(error?.code == .conflict)
        #expect(fixture.storedBlobs.count == 2)
        #expect(fixture.events.all == before)
    }

    @Test func anAlbumDeleteRemovesTheFilesOnlyItUsed() async throws {
        // Given two albums sharing a PNG, the second also holding a GIF
        let fixture = try DiaryFixture()
        let (_, petsAlbum, other, photos) = try await twoAlbumsSharingBytes(fixture)

        // When the second album is deleted with force
        let result = try await fixture.diary.deleteAlbum(id: other.id, force: true, logger: fixture.logger)

        // Then the GIF's file goes and the PNG's stays for the first album
        #expect(result.albums == 1 && result.photos == 2)
        #expect(fixture.storedBlobs == [photos[0].sha256])
        #expect(try await fixture.store.albums.get(id: petsAlbum.id).photoCount == 1)
        #expect(fixture.events.all.last == .albumDeleted(id: other.id))
    }

    @Test func aPhotoDeleteRemovesItsFileAndItsThumbnails() async throws {
        // Given a photo of its own bytes with a thumbnail made
        let fixture = try DiaryFixture()
        let (_, _, _, photos) = try await twoAlbumsSharingBytes(fixture)
        let gif = photos[2]
        let thumbnail = try? await fixture.diary.thumbnail(ofPhoto: gif.id, size: 16)

        // When it is deleted
        let result = try await fixture.diary.deletePhoto(id: gif.id, logger: fixture.logger)

        // Then its file and its thumbnail's go
        #expect(result.photos == 1)
        #expect(fixture.storedBlobs == [photos[0].sha256])
        if let thumbnail { #expect(!fixture.storedBlobs.contains(thumbnail.sha256)) }
        #expect(fixture.events.all.last == .photoDeleted(id: gif.id))
    }

    @Test func deletingEveryEntryPublishesEachAndNeedsTheDiarysName() async throws {
        let fixture = try DiaryFixture()
        let first = try await fixture.diary.createEntry(EntryFields(title: "One", body: ""))
        let second = try await fixture.diary.createEntry(EntryFields(title: "Two", body: ""))
        let name = try await fixture.store.settings.get().diaryName

        #expect(
            await diaryError {
                _ = try await fixture.diary.deleteAllEntries(confirm: name + "?", logger: fixture.logger)
            }?.code == .conflict)
        let ids = try await fixture.diary.deleteAllEntries(confirm: name, logger: fixture.logger)

        #expect(Set(ids) == [first.id, second.id])
        #expect(Set(fixture.events.all.suffix(2)) == [.entryDeleted(id: first.id), .entryDeleted(id: second.id)])
    }
}
