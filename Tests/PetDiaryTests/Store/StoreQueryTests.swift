import Testing

@testable import PetDiary

/// What the store's reads and deletes answer, pinned where the lists' tests do not reach: tags of one pet, the
/// counts, and a sound's delete with what it clears.
struct StoreQueryTests {
    @Test func tagsAreCountedMostUsedFirstThenByNameAndFilteredByPet() async throws {
        let fixture = try StoreFixture()
        let bori = try await fixture.store.pets.create(PetFields(name: "보리"))
        let kong = try await fixture.store.pets.create(PetFields(name: "콩"))
        for (body, pet) in [("#walk #park", bori), ("#walk", bori), ("#bath #walk", kong), ("#zoo", nil)] {
            _ = try await fixture.store.entries.create(EntryFields(title: "t", body: body, petId: pet?.id))
        }
        #expect(
            try await fixture.store.entries.tags(petId: nil) == [
                TagCount(tag: "walk", count: 3), TagCount(tag: "bath", count: 1), TagCount(tag: "park", count: 1),
                TagCount(tag: "zoo", count: 1),
            ])
        #expect(
            try await fixture.store.entries.tags(petId: bori.id) == [
                TagCount(tag: "walk", count: 2), TagCount(tag: "park", count: 1),
            ])
        let error = await diaryError { _ = try await fixture.store.entries.tags(petId: "gone") }
        #expect(error?.code == .notFound)
        #expect(error?.kind == "pet")
    }

    @Test func theCountsCountEachKind() async throws {
        let fixture = try StoreFixture()
        let pet = try await fixture.store.pets.create(PetFields(name: "보리"))
        _ = try await fixture.store.pets.create(PetFields(name: "콩"))
        _ = try await fixture.store.albums.create(title: "A", petId: pet.id)
        _ = try await fixture.store.entries.create(EntryFields(title: "t", body: ""))
        #expect(try await fixture.store.counts() == DiaryCounts(pets: 2, albums: 1, photos: 0, entries: 1))
    }

    /// A shutter sound in use is refused without force; with force, the pets and the settings that chose it
    /// fall back to the default, and its blob is no longer referenced.
    @Test func deletingAShutterSoundClearsItsUses() async throws {
        let fixture = try StoreFixture()
        let sha = StoreFixture.hash(7)
        let sound = try await fixture.store.sounds.insert(
            Sound.new(
                title: "딸깍", kind: .imported, sha256: sha, bytes: 10, durationSeconds: 0.5, rate: 8000, channels: 1,
                bits: 16))
        let bori = try await fixture.store.pets.create(PetFields(name: "보리", shutterSoundId: sound.id))
        _ = try await fixture.store.pets.create(PetFields(name: "콩"))
        _ = try await fixture.store.settings.update(SettingsChanges(shutterSoundId: sound.id))
        #expect(try await fixture.store.sounds.shutterSoundHashes(fallback: "none") == [sha])

        let refused = await diaryError { _ = try await fixture.store.sounds.delete(id: sound.id, force: false) }
        #expect(refused?.code == .conflict)
        let (result, cleared) = try await fixture.store.sounds.delete(id: sound.id, force: true)
        #expect(result.unreferencedBlobs == [sha])
        #expect(cleared.map(\.id) == [bori.id])
        #expect(cleared.allSatisfy { $0.shutterSoundId == nil && $0.updatedAt >= bori.updatedAt })
        #expect(try await fixture.store.settings.get().shutterSoundId == nil)
        #expect(try await fixture.store.sounds.shutterSoundHashes(fallback: "none").isEmpty)
        let gone = await diaryError { _ = try await fixture.store.sounds.get(id: sound.id) }
        #expect(gone?.code == .notFound)
    }
}
