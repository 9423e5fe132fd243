import PetDiary
import Testing

struct PetAndAlbumTests {
    @Test func createdPetReadsBackWithEveryField() async throws {
        let fixture = try StoreFixture()
        let pet = try await fixture.store.pets.create(
            PetFields(name: "  보리 ", species: "dog", breed: "Jindo", birthday: "2020-02-29", notes: "likes walks"))
        #expect(pet.name == "보리")
        #expect(try await fixture.store.pets.get(id: pet.id) == pet)

        let updated = try await fixture.store.pets.update(id: pet.id, PetFields(breed: "", notes: "likes parks"))
        #expect(updated.breed == nil)
        #expect(updated.notes == "likes parks")
        #expect(updated.species == "dog")
    }

    @Test(arguments: [
        (PetFields(name: ""), "name"),
        (PetFields(species: "cat"), "name"),
        (PetFields(name: String(repeating: "멍", count: 51)), "name"),
        (PetFields(name: "Bori", birthday: "2021-02-29"), "birthday"),
        (PetFields(name: "Bori", birthday: "yesterday"), "birthday"),
    ])
    func invalidPetIsRefusedNamingTheField(fields: PetFields, field: String) async throws {
        let fixture = try StoreFixture()
        let error = await diaryError { _ = try await fixture.store.pets.create(fields) }
        #expect(error?.code == .invalid)
        #expect(error?.field == field)
        #expect(try await fixture.store.pets.list(page: PageRequest()).items.isEmpty)
    }

    @Test func unknownIdsAreNotFoundWithKindAndId() async throws {
        let fixture = try StoreFixture()
        let petError = await diaryError { _ = try await fixture.store.pets.get(id: "nope") }
        #expect(petError?.code == .notFound)
        #expect(petError?.kind == "pet")
        #expect(petError?.id == "nope")
        let albumError = await diaryError { _ = try await fixture.store.albums.create(title: "Walks", petId: "ghost") }
        #expect(albumError?.kind == "pet")
    }

    @Test func petWithAlbumsIsDeletedOnlyWithForce() async throws {
        let fixture = try StoreFixture()
        let pet = try await fixture.store.pets.create(PetFields(name: "Bori"))
        let album = try await fixture.store.albums.create(title: "Park", petId: pet.id)
        _ = try await fixture.store.photos.add(
            [
                PhotoFacts(
                    sha256: StoreFixture.hash(1), bytes: 10, mediaType: "image/jpeg", takenAt: "2024-05-01T10:00:00Z")
            ],
            toAlbum: album.id)

        let refused = await diaryError { _ = try await fixture.store.pets.delete(id: pet.id, force: false) }
        #expect(refused?.code == .conflict)
        #expect(try await fixture.store.albums.get(id: album.id).photoCount == 1)

        let result = try await fixture.store.pets.delete(id: pet.id, force: true)
        #expect(result.albums == 1)
        #expect(result.photos == 1)
        #expect(result.unreferencedBlobs == [StoreFixture.hash(1)])
        let gone = await diaryError { _ = try await fixture.store.albums.get(id: album.id) }
        #expect(gone?.code == .notFound)
    }

    @Test func sameBytesTwiceInAnAlbumIsADuplicateAndLastReferenceFreesTheBlob() async throws {
        let fixture = try StoreFixture()
        let first = try await fixture.store.albums.create(title: "One", petId: nil)
        let second = try await fixture.store.albums.create(title: "Two", petId: nil)
        let facts = PhotoFacts(
            sha256: StoreFixture.hash(7), bytes: 3, mediaType: "image/png", takenAt: "2024-01-01T00:00:00Z")
        let original = try #require(try await fixture.store.photos.add([facts], toAlbum: first.id).first)
        let again = try #require(try await fixture.store.photos.add([facts], toAlbum: first.id).first)
        let elsewhere = try #require(try await fixture.store.photos.add([facts], toAlbum: second.id).first)
        #expect(original.duplicate == false)
        #expect(again.duplicate == true)
        #expect(again.id == original.id)
        #expect(elsewhere.duplicate == false)
        #expect(try await fixture.store.albums.get(id: first.id).coverPhotoId == original.id)

        #expect(try await fixture.store.photos.delete(id: original.id).unreferencedBlobs.isEmpty)
        #expect(try await fixture.store.photos.delete(id: elsewhere.id).unreferencedBlobs == [StoreFixture.hash(7)])
    }

    @Test func movingAPhotoIntoAnAlbumWithTheSameBytesIsAConflict() async throws {
        let fixture = try StoreFixture()
        let first = try await fixture.store.albums.create(title: "One", petId: nil)
        let second = try await fixture.store.albums.create(title: "Two", petId: nil)
        let facts = PhotoFacts(
            sha256: StoreFixture.hash(9), bytes: 3, mediaType: "image/png", takenAt: "2024-01-01T00:00:00Z")
        let photo = try #require(try await fixture.store.photos.add([facts], toAlbum: first.id).first)
        _ = try await fixture.store.photos.add([facts], toAlbum: second.id)
        let error = await diaryError {
            _ = try await fixture.store.photos.update(id: photo.id, PhotoChanges(memo: "x", albumId: second.id))
        }
        #expect(error?.code == .conflict)
        #expect(try await fixture.store.photos.get(id: photo.id).memo == "")
    }
}
