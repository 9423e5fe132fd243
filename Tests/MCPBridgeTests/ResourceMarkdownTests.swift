import JSONRPC
import Testing
import ToolkitAPI

@testable import MCPBridge

@Suite struct ResourceMarkdownTests {
    static let petId = "11111111-1111-4111-8111-111111111111"
    static let pet = PetRecord(
        id: petId, name: "보리", species: "dog", breed: "Jindo", birthday: "2020-05-04", notes: "Loves\nsquirrels",
        createdAt: "2026-01-02T03:04:05Z", updatedAt: "2026-01-02T03:04:05Z")

    static func entry(_ id: String, title: String, date: String, photoIds: [String] = []) -> EntryRecord {
        EntryRecord(
            id: id, petId: petId, title: title, body: "A long walk. #walk #park", date: date, favorite: true,
            tags: ["walk", "park"], photoIds: photoIds, createdAt: "2026-03-01T10:00:00Z",
            updatedAt: "2026-03-01T10:00:00Z")
    }

    static func photo(_ id: String, filename: String?, mediaType: String) -> PhotoRecord {
        PhotoRecord(
            id: id, albumId: "a", sha256: String(repeating: "0", count: 64), bytes: 1000, mediaType: mediaType,
            takenAt: "2026-02-28T09:00:00Z", importedAt: "2026-03-01T10:00:00Z", filename: filename)
    }

    @Test func anEntryIsItsTitleDetailsTextAndPhotoLinks() {
        let still = Self.photo("p1", filename: "IMG_0001.jpg", mediaType: "image/jpeg")
        let clip = Self.photo("p2", filename: "walk.mp4", mediaType: "video/mp4")
        let entry = Self.entry("e1", title: "[Park] *walk*", date: "2026-03-01", photoIds: ["p1", "p2", "p3"])
        let text = EntryMarkdown(entry: entry, pet: Self.pet, photos: ["p1": still, "p2": clip]).text
        #expect(
            text == """
                # \\[Park\\] \\*walk\\*

                - Date: 2026-03-01
                - Pet: [보리](toolkit://pets/\(Self.petId))
                - Tags: #walk, #park
                - Favourite: yes

                A long walk. #walk #park

                ## Photos

                - [IMG_0001.jpg (2026-02-28)](toolkit://photos/p1)
                - [walk.mp4 (video, 2026-02-28)](toolkit://photos/p2)
                - [p3](toolkit://photos/p3)

                """)
    }

    @Test func anEntryWithoutPetOrPhotosSaysOnlyWhatItHas() {
        let entry = EntryRecord(
            id: "e2", title: "Rain", body: "Stayed in.", date: "2026-03-02", createdAt: "2026-03-02T10:00:00Z",
            updatedAt: "2026-03-02T10:00:00Z")
        #expect(EntryMarkdown(entry: entry).text == "# Rain\n\n- Date: 2026-03-02\n\nStayed in.\n")
    }

    @Test func aPetPageHasItsProfileAlbumsWithPhotoAndVideoCountsAndLatestEntries() {
        let albums = PageRecord(items: [
            AlbumRecord(
                id: "a1", petId: Self.petId, title: "Walks", photoCount: 12, createdAt: "2026-01-03T00:00:00Z",
                updatedAt: "2026-01-03T00:00:00Z"),
            AlbumRecord(
                id: "a2", petId: Self.petId, title: "Vet", photoCount: 1, createdAt: "2026-01-04T00:00:00Z",
                updatedAt: "2026-01-04T00:00:00Z"),
        ])
        let entries = PageRecord(
            items: [
                Self.entry("e1", title: "Park", date: "2026-03-01"),
                Self.entry("e0", title: "Snow", date: "2026-01-09"),
            ],
            nextCursor: "more")
        let text = PetPage(pet: Self.pet, albums: albums, entries: entries, videoCounts: ["a1": 2]).text
        #expect(
            text == """
                # 보리

                - Species: dog
                - Breed: Jindo
                - Birthday: 2020-05-04
                - Notes: Loves squirrels
                - Added: 2026-01-02

                ## Albums

                - Walks: 10 photos and 2 videos
                - Vet: 1 photo

                ## Latest entries

                - [Park](toolkit://entries/e1), 2026-03-01
                - [Snow](toolkit://entries/e0), 2026-01-09
                - … older entries: diary_list with this petId

                """)
    }

    @Test func aPetWithNothingYetSaysSo() {
        let pet = PetRecord(id: "p", name: "Nabi", createdAt: "2026-01-02T03:04:05Z", updatedAt: "2026-01-02T03:04:05Z")
        let text = PetPage(pet: pet, albums: PageRecord(items: []), entries: PageRecord(items: [])).text
        #expect(text.contains("## Albums\n\nNo albums.\n"))
        #expect(text.contains("## Latest entries\n\nNo diary entries.\n"))
    }

    @Test func resourceNamesSayWhatARecordIs() {
        #expect(ResourceNames.entry(Self.entry("e", title: "Park", date: "2026-03-01")) == "Park (2026-03-01)")
        #expect(
            ResourceNames.photo(Self.photo("p", filename: nil, mediaType: "video/quicktime")) == "Video (2026-02-28)")
        #expect(ResourceNames.photo(Self.photo("p", filename: "", mediaType: "image/png")) == "Photo (2026-02-28)")
        let resource = ResourceCatalogue.resource(Self.photo("p", filename: "a.heic", mediaType: "image/heic"))
        #expect(resource["uri"] == "toolkit://photos/p")
        #expect(resource["name"] == "a.heic (2026-02-28)")
        #expect(resource["mimeType"] == "image/jpeg")
        #expect(ResourceCatalogue.resource(Self.pet)["uri"] == .string("toolkit://pets/\(Self.petId)"))
    }
}
