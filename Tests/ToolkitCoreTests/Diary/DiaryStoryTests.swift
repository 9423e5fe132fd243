import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitCoreTesting

/// The diary as a script uses it, the same in every mode: in process, over a socket, and over the socket of
/// the built `toolkit serve`.
struct DiaryStoryTests {
    @Test(arguments: CoreTestMode.allCases)
    func entriesSurviveARestartAndAreFoundByKoreanSubstrings(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            var client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "보리", species: "dog", birthday: "2021-04-05"))
            let album = try await client.call(AlbumsCreate.self, .init(title: "산책 사진", petId: pet.id))
            #expect(album.photoCount == 0)
            let entry = try await client.call(
                DiaryCreate.self,
                .init(title: "첫 산책 🐶", body: "오늘 공원에서 산책했다. 보리가 신났다 #산책 #공원", date: "2024-05-01", petId: pet.id))
            #expect(entry.tags == ["산책", "공원"])
            _ = try await client.call(DiaryCreate.self, .init(title: "간식", body: "집에서 간식을 먹었다 #간식", date: "2024-05-03"))

            await client.close()
            try await core.restart()
            client = try await core.rpcClient()

            #expect(try await client.call(DiaryGet.self, .init(id: entry.id)).title == "첫 산책 🐶")
            let hits = try await client.call(DiarySearch.self, .init(query: "산책")).items
            #expect(hits.map(\.entry.id) == [entry.id])
            #expect(hits.first?.snippet.contains("<mark>산책</mark>") == true)
            let longHits = try await client.call(DiarySearch.self, .init(query: "공원에서", petId: pet.id)).items
            #expect(longHits.count == 1)

            let month = try await client.call(DiaryCalendar.self, .init(year: 2024, month: 5))
            #expect(month.days.map(\.date) == ["2024-05-01", "2024-05-03"])
            #expect(month.days.map(\.entries) == [1, 1])

            let tags = try await client.call(DiaryTags.self, .init()).tags
            #expect(Set(tags.map(\.tag)) == ["산책", "공원", "간식"])

            let refused = await #expect(throws: RPCError.self) {
                try await client.call(PetsDelete.self, .init(id: pet.id))
            }
            #expect(refused?.code == .conflict)
            let deleted = try await client.call(PetsDelete.self, .init(id: pet.id, force: true))
            #expect(deleted.albums == 1)
            #expect(deleted.entries == 1)
            #expect(try await client.call(DiaryList.self, .init()).items.count == 1)
            await client.close()
        }
    }

    @Test(arguments: CoreTestMode.allCases)
    func badParamsAndUnknownIdsGetTheirCodesAndChangeNothing(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.client()

            let missing = await client.error("diary.get", ["id": "no-such-entry"])
            #expect(missing?.code == .notFound)
            #expect(ObjectClient.data(of: missing)["kind"] as? String == "entry")
            #expect(ObjectClient.data(of: missing)["id"] as? String == "no-such-entry")

            let wrongType = await client.error("diary.create", ["title": 5, "body": ""])
            #expect(wrongType?.code == .invalidParams)
            #expect(ObjectClient.data(of: wrongType)["field"] as? String == "title")

            let tooLong = await client.error("diary.create", ["title": String(repeating: "가", count: 16), "body": ""])
            #expect(tooLong?.code == .invalidParams)
            let data = ObjectClient.data(of: tooLong)
            #expect(data["field"] as? String == "title")
            #expect(data["limit"] as? Int == 15)
            #expect(data["length"] as? Int == 16)

            _ = try await client.object("diary.create", ["title": "하나", "body": ""])
            let settings = try await client.object("settings.get")
            let wrongConfirm = await client.error("diary.deleteAll", ["confirm": "not the name"])
            #expect(wrongConfirm?.code == .conflict)
            #expect(try await client.items("diary.list").count == 1)
            let diaryName = try #require(settings["diaryName"] as? String)
            let all = try await client.object("diary.deleteAll", ["confirm": diaryName])
            #expect(all["deleted"] as? Int == 1)

            let badColour = await client.error("settings.set", ["themeColor": "blue"])
            #expect(ObjectClient.data(of: badColour)["field"] as? String == "themeColor")
            let badCursor = await client.error("diary.list", ["cursor": "AAAA"])
            #expect(ObjectClient.data(of: badCursor)["field"] as? String == "cursor")
            let badOrder = await client.error("pets.list", ["order": "sideways"])
            #expect(ObjectClient.data(of: badOrder)["field"] as? String == "order")
            await client.close()
        }
    }

    @Test(arguments: CoreTestMode.allCases)
    func listsPageWithCursorsAndEveryChangeIsAnEvent(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.client()
            let watcher = try await core.lineClient()
            try watcher.send(
                #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["entry.*"]}}"# + "\n")
            _ = await watcher.readLine()

            for day in 1...25 {
                let date = String(format: "2024-03-%02d", day)
                _ = try await client.object("diary.create", ["title": "day \(day)", "body": "", "date": date])
            }
            let first = try await client.object("diary.list", ["limit": 10, "order": "oldest"])
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try await client.object("diary.list", ["limit": 10, "cursor": cursor])
            let dates = (second["items"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
            #expect(dates.first == "2024-03-11")
            #expect(dates.count == 10)

            let events = await watcher.readLines(25)
            #expect(events.count == 25)
            #expect(events.allSatisfy { $0.contains("\"topic\":\"entry.created\"") })
            await client.close()
        }
    }

    @Test(arguments: CoreTestMode.allCases)
    func discoverDescribesEveryDiaryMethod(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.client()
            let document = try await client.object("rpc.discover")
            let methods = try #require(document["methods"] as? [[String: Any]])
            let names = Set(methods.compactMap { $0["name"] as? String })
            for name in [
                "pets.create", "pets.get", "pets.list", "pets.update", "pets.delete", "albums.create", "albums.get",
                "albums.list", "albums.rename", "albums.delete", "diary.create", "diary.get", "diary.update",
                "diary.delete", "diary.deleteAll", "diary.list", "diary.search", "diary.tags", "diary.calendar",
                "settings.get", "settings.set",
            ] {
                #expect(names.contains(name), "\(name) missing")
            }
            let create = try #require(methods.first { $0["name"] as? String == "diary.create" })
            #expect((create["summary"] as? String)?.isEmpty == false)
            await client.close()
        }
    }
}
