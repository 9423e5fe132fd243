import PetDiary
import Testing

struct EntryTests {
    @Test func titleLimitCountsCharactersAsAPersonDoes() async throws {
        let fixture = try StoreFixture()
        // 15 characters: Hangul syllables, a space, and a dog emoji made of one grapheme.
        let fifteen = "공원에서 산책한 보리 친구🐶"
        #expect(fifteen.count == 15)
        _ = try await fixture.store.entries.create(EntryFields(title: fifteen, body: ""))

        let error = await diaryError {
            _ = try await fixture.store.entries.create(EntryFields(title: fifteen + "!", body: ""))
        }
        #expect(error?.code == .invalid)
        #expect(error?.field == "title")
        #expect(error?.limit == 15)
        #expect(error?.length == 16)
        #expect(error?.message == "title is 16 characters; the limit is 15.")
    }

    @Test func bodyLimitFollowsTheSettings() async throws {
        let fixture = try StoreFixture()
        _ = try await fixture.store.settings.update(SettingsChanges(bodyLimit: 5))
        let error = await diaryError {
            _ = try await fixture.store.entries.create(EntryFields(title: "t", body: "👨‍👩‍👧‍👦🐕🐈🐇🐹🐢"))
        }
        #expect(error?.field == "body")
        #expect(error?.length == 6)
        #expect(try await fixture.store.entries.list(EntryFilter(), page: PageRequest()).items.isEmpty)
    }

    @Test func tagsInAnyScriptAreCountedAndFilterTheList() async throws {
        let fixture = try StoreFixture()
        let walk = try await fixture.store.entries.create(
            EntryFields(title: "산책", body: "오늘 #산책 갔다 #Park", date: "2024-05-01"))
        _ = try await fixture.store.entries.create(EntryFields(title: "밥", body: "#산책 후 #간식", date: "2024-05-02"))
        #expect(walk.tags == ["산책", "park"])
        let tags = try await fixture.store.entries.tags(petId: nil)
        #expect(tags.first == TagCount(tag: "산책", count: 2))
        #expect(Set(tags.map(\.tag)) == ["산책", "park", "간식"])
        let tagged = try await fixture.store.entries.list(EntryFilter(tag: "#PARK"), page: PageRequest())
        #expect(tagged.items.map(\.id) == [walk.id])
    }

    @Test func photosOfAnEntryKeepTheirOrder() async throws {
        let fixture = try StoreFixture()
        let album = try await fixture.store.albums.create(title: "A", petId: nil)
        let photos = try await fixture.store.photos.add(
            (1...3).map {
                PhotoFacts(
                    sha256: StoreFixture.hash($0), bytes: 1, mediaType: "image/png", takenAt: "2024-01-0\($0)T00:00:00Z"
                )
            },
            toAlbum: album.id)
        let ids = [photos[2].id, photos[0].id, photos[1].id]
        let entry = try await fixture.store.entries.create(EntryFields(title: "t", body: "b", photoIds: ids))
        #expect(try await fixture.store.entries.get(id: entry.id).photoIds == ids)

        _ = try await fixture.store.photos.delete(id: photos[0].id)
        #expect(try await fixture.store.entries.get(id: entry.id).photoIds == [photos[2].id, photos[1].id])

        let error = await diaryError {
            _ = try await fixture.store.entries.update(id: entry.id, EntryFields(photoIds: ["missing"]))
        }
        #expect(error?.kind == "photo")
    }

    @Test func deleteAllNeedsTheDiaryNameAndOtherwiseDeletesNothing() async throws {
        let fixture = try StoreFixture()
        _ = try await fixture.store.settings.update(SettingsChanges(diaryName: "보리 일기"))
        _ = try await fixture.store.entries.create(EntryFields(title: "a", body: ""))
        _ = try await fixture.store.entries.create(EntryFields(title: "b", body: ""))
        let refused = await diaryError { _ = try await fixture.store.entries.deleteAll(confirm: "보리") }
        #expect(refused?.code == .conflict)
        #expect(try await fixture.store.entries.list(EntryFilter(), page: PageRequest()).items.count == 2)
        #expect(try await fixture.store.entries.deleteAll(confirm: "보리 일기").ids.count == 2)
        #expect(try await fixture.store.entries.list(EntryFilter(), page: PageRequest()).items.isEmpty)
    }

    @Test func calendarCountsEntriesAndPhotosPerDay() async throws {
        let fixture = try StoreFixture()
        let pet = try await fixture.store.pets.create(PetFields(name: "Bori"))
        let album = try await fixture.store.albums.create(title: "A", petId: pet.id)
        _ = try await fixture.store.entries.create(EntryFields(title: "a", body: "", date: "2024-02-29", petId: pet.id))
        _ = try await fixture.store.entries.create(EntryFields(title: "b", body: "", date: "2024-02-29"))
        _ = try await fixture.store.entries.create(EntryFields(title: "c", body: "", date: "2024-03-01"))
        _ = try await fixture.store.photos.add(
            [
                PhotoFacts(
                    sha256: StoreFixture.hash(1), bytes: 1, mediaType: "image/png", takenAt: "2024-02-29T23:59:59Z"),
                PhotoFacts(
                    sha256: StoreFixture.hash(2), bytes: 1, mediaType: "image/png", takenAt: "2024-02-03T08:00:00Z"),
            ],
            toAlbum: album.id)

        let month = try await fixture.store.entries.calendar(year: 2024, month: 2, petId: nil)
        #expect(
            month.days == [
                .init(date: "2024-02-03", entries: 0, photos: 1),
                .init(date: "2024-02-29", entries: 2, photos: 1),
            ])
        let petMonth = try await fixture.store.entries.calendar(year: 2024, month: 2, petId: pet.id)
        #expect(petMonth.days.first(where: { $0.date == "2024-02-29" })?.entries == 1)
        let error = await diaryError { _ = try await fixture.store.entries.calendar(year: 2024, month: 13, petId: nil) }
        #expect(error?.field == "month")
    }

    @Test(arguments: [
        (SettingsChanges(themeColor: "orange"), "themeColor"),
        (SettingsChanges(themeColor: "#12345G"), "themeColor"),
        (SettingsChanges(defaultOrder: "random"), "defaultOrder"),
        (SettingsChanges(titleLimit: 0), "titleLimit"),
        (SettingsChanges(diaryName: " "), "diaryName"),
    ])
    func invalidSettingsChangeNothing(changes: SettingsChanges, field: String) async throws {
        let fixture = try StoreFixture()
        let before = try await fixture.store.settings.get()
        let error = await diaryError { _ = try await fixture.store.settings.update(changes) }
        #expect(error?.field == field)
        #expect(try await fixture.store.settings.get() == before)
    }
}

struct GroupCommitTests {
    @Test func concurrentWritesCommitTogetherAndOneFailureUndoesOnlyItself() async throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<200 {
                group.addTask {
                    let title = number == 77 ? String(repeating: "긴", count: 16) : "entry \(number)"
                    return (try? await store.entries.create(EntryFields(title: title, body: "#tag\(number % 3)")))
                        != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 199)
        var count = 0
        var cursor: String?
        repeat {
            let page = try await store.entries.list(EntryFilter(), page: PageRequest(limit: 500, cursor: cursor))
            count += page.items.count
            cursor = page.nextCursor
        } while cursor != nil
        #expect(count == 199)
        #expect(try await store.entries.tags(petId: nil).map(\.count).reduce(0, +) == 199)
        #expect(
            try await store.entries.search("entry", filter: EntryFilter(), page: PageRequest(limit: 500)).items.count
                == 199)
    }
}
