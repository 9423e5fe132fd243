import Testing

@testable import PetDiary

/// Every change publishes its event, under the topic subscribers know.
struct DiaryEventTests {
    @Test func eachCaseHasItsWireTopic() {
        let pet = Pet(
            id: "p", name: "n", species: nil, breed: nil, birthday: nil, notes: nil, shutterSoundId: nil,
            createdAt: "c", updatedAt: "u")
        let topics = [
            DiaryEvent.petCreated(pet), .petUpdated(pet), .petDeleted(id: "p"), .albumDeleted(id: "a"),
            .photoDeleted(id: "p"), .entryDeleted(id: "e"),
        ].map(\.topic)
        #expect(
            topics == ["pet.created", "pet.updated", "pet.deleted", "album.deleted", "photo.deleted", "entry.deleted"])
    }

    @Test func changesPublishWhatTheyStoredInOrder() async throws {
        let fixture = try DiaryFixture()
        let pet = try await fixture.diary.createPet(PetFields(name: "보리"))
        let renamed = try await fixture.diary.updatePet(id: pet.id, PetFields(name: "Bori"))
        let album = try await fixture.diary.createAlbum(title: "Walks", petId: pet.id)
        let retitled = try await fixture.diary.renameAlbum(id: album.id, title: "Parks")
        let entry = try await fixture.diary.createEntry(EntryFields(title: "Walk", body: "#park"))
        let edited = try await fixture.diary.updateEntry(id: entry.id, EntryFields(favorite: true))
        try await fixture.diary.deleteEntry(id: entry.id, logger: fixture.logger)
        let settings = try await fixture.diary.updateSettings(SettingsChanges(themeColor: "#112233"))

        #expect(
            fixture.events.all == [
                .petCreated(pet), .petUpdated(renamed), .albumCreated(album), .albumUpdated(retitled),
                .entryCreated(entry), .entryUpdated(edited), .entryDeleted(id: entry.id), .settingsUpdated(settings),
            ])
        #expect(
            fixture.events.topics == [
                "pet.created", "pet.updated", "album.created", "album.updated", "entry.created", "entry.updated",
                "entry.deleted", "settings.updated",
            ])
    }
}
