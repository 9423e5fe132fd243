import PetDiary
import Testing

struct ListAndSearchTests {
    /// 45 entries on 45 days of 2024, titled with their number.
    func diary(_ fixture: StoreFixture) async throws -> [DiaryEntry] {
        var entries: [DiaryEntry] = []
        for day in 1...45 {
            let date =
                day <= 31 ? "2024-01-\(day < 10 ? "0" : "")\(day)" : "2024-02-\(day - 31 < 10 ? "0" : "")\(day - 31)"
            entries.append(
                try await fixture.store.entries.create(EntryFields(title: "day \(day)", body: "", date: date)))
        }
        return entries
    }

    @Test func pagesWalkTheWholeListOnceInEitherOrder() async throws {
        let fixture = try StoreFixture()
        let entries = try await diary(fixture)
        for order in ListOrder.allCases {
            var seen: [String] = []
            var cursor: String?
            repeat {
                let page = try await fixture.store.entries.list(
                    EntryFilter(), page: PageRequest(limit: 20, cursor: cursor, order: order))
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            let expected = entries.map(\.id)
            #expect(seen == (order == .oldest ? expected : expected.reversed()))
        }
    }

    @Test func aPageStaysStableWhileNewerEntriesAreAdded() async throws {
        let fixture = try StoreFixture()
        let entries = try await diary(fixture)
        let first = try await fixture.store.entries.list(EntryFilter(), page: PageRequest(limit: 20))
        _ = try await fixture.store.entries.create(EntryFields(title: "newest", body: "", date: "2025-01-01"))
        let second = try await fixture.store.entries.list(
            EntryFilter(), page: PageRequest(limit: 20, cursor: first.nextCursor))
        #expect(second.items.map(\.id) == entries.reversed()[20..<40].map(\.id))
    }

    @Test func alteredOrForeignCursorsAreRefused() async throws {
        let fixture = try StoreFixture()
        _ = try await diary(fixture)
        let cursor = try #require(
            try await fixture.store.entries.list(EntryFilter(), page: PageRequest(limit: 5)).nextCursor)
        var altered = Array(cursor)
        altered[altered.count / 2] = altered[altered.count / 2] == "A" ? "B" : "A"
        for bad in [String(altered), "garbage", ""] {
            let error = await diaryError {
                _ = try await fixture.store.entries.list(EntryFilter(), page: PageRequest(cursor: bad))
            }
            #expect(error?.field == "cursor", "cursor \(bad)")
        }
        let foreign = await diaryError {
            _ = try await fixture.store.entries.list(EntryFilter(from: "2024-01-10"), page: PageRequest(cursor: cursor))
        }
        #expect(foreign?.field == "cursor")
        let tooMany = await diaryError {
            _ = try await fixture.store.entries.list(EntryFilter(), page: PageRequest(limit: 501))
        }
        #expect(tooMany?.field == "limit")
    }

    @Test func dateBoundsAreInclusive() async throws {
        let fixture = try StoreFixture()
        _ = try await diary(fixture)
        let page = try await fixture.store.entries.list(
            EntryFilter(from: "2024-01-30", to: "2024-02-02"), page: PageRequest(order: .oldest))
        #expect(page.items.map(\.date) == ["2024-01-30", "2024-01-31", "2024-02-01", "2024-02-02"])
    }

    @Test(arguments: ["산책", "산", "책했", "했", "공원에서", "산책했다", "WALK", "alk", "보리 산책"])
    func searchFindsSubstringsInAnyScriptAndLength(query: String) async throws {
        let fixture = try StoreFixture()
        let hit = try await fixture.store.entries.create(EntryFields(title: "보리", body: "공원에서 산책했다. A long walk."))
        _ = try await fixture.store.entries.create(EntryFields(title: "밥", body: "집에서 간식을 먹었다"))
        let page = try await fixture.store.entries.search(query, filter: EntryFilter(), page: PageRequest())
        #expect(page.items.map(\.entry.id) == [hit.id])
        let snippet = try #require(page.items.first?.snippet)
        #expect(snippet.contains("<mark>"), "snippet \(snippet)")
    }

    @Test func searchRanksAndPagesWithoutRepeats() async throws {
        let fixture = try StoreFixture()
        for number in 0..<30 {
            let body = String(repeating: "강아지 ", count: number % 5 + 1) + "number \(number)"
            _ = try await fixture.store.entries.create(EntryFields(title: "글 \(number)", body: body))
        }
        var seen: [String] = []
        var ranks: [Double] = []
        var cursor: String?
        repeat {
            let page = try await fixture.store.entries.search(
                "강아지", filter: EntryFilter(), page: PageRequest(limit: 7, cursor: cursor))
            seen += page.items.map(\.entry.id)
            ranks += page.items.map(\.rank)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen.count == 30)
        #expect(Set(seen).count == 30)
        #expect(ranks == ranks.sorted())
    }

    @Test func searchRanksTheNewestMatchesThenPagesThroughOlderOnes() async throws {
        let fixture = try StoreFixture()
        var written: [String] = []
        for number in 0..<230 {
            let body = String(repeating: "산책 ", count: number % 7 + 1) + "#\(number)"
            written.append(try await fixture.store.entries.create(EntryFields(title: "글", body: body)).id)
        }
        _ = try await fixture.store.entries.create(EntryFields(title: "밥", body: "간식"))
        var hits: [SearchHit] = []
        var cursor: String?
        repeat {
            let page = try await fixture.store.entries.search(
                "산책", filter: EntryFilter(), page: PageRequest(limit: 100, cursor: cursor))
            hits += page.items
            cursor = page.nextCursor
        } while cursor != nil
        #expect(hits.count == 230)
        #expect(Set(hits.map(\.entry.id)) == Set(written))
        let ranked = hits.prefix(200).map(\.rank)
        #expect(ranked == ranked.sorted())
        #expect(Set(hits.prefix(200).map(\.entry.id)) == Set(written.suffix(200)))
        #expect(hits.suffix(30).map(\.entry.id) == written.prefix(30).reversed())
    }

    @Test func entriesWrittenBetweenPagesNeitherHideNorRepeatOthers() async throws {
        let fixture = try StoreFixture()
        var written: Set<String> = []
        for number in 0..<230 {
            written.insert(try await fixture.store.entries.create(EntryFields(title: "글", body: "산책 #\(number)")).id)
        }
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try await fixture.store.entries.search(
                "산책", filter: EntryFilter(), page: PageRequest(limit: 60, cursor: cursor))
            seen += page.items.map(\.entry.id)
            cursor = page.nextCursor
            pages += 1
            if pages == 1 {
                for number in 0..<250 {
                    _ = try await fixture.store.entries.create(EntryFields(title: "새 글", body: "산책 \(number)"))
                }
            }
        } while cursor != nil
        #expect(written.isSubset(of: Set(seen)))
        #expect(Set(seen).count == seen.count)
    }

    @Test func emptyQueryIsRefused() async throws {
        let fixture = try StoreFixture()
        for query in ["  ", "!?"] {
            let error = await diaryError {
                _ = try await fixture.store.entries.search(query, filter: EntryFilter(), page: PageRequest())
            }
            #expect(error?.field == "query")
        }
    }
}
