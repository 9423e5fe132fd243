import Testing

@testable import PetDiary

/// Every change publishes its event, with what it stored (ToolkitCore's event tests check the topics each goes
/// out under, over the socket).
struct DiaryEventTests {
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
    }
}
