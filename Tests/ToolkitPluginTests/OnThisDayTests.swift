import ChildProcesses
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// The shipped `on-this-day` plugin as a child process, with the test in the core's place on its pipes and
/// a real core behind the socket it is given in `init`.
struct OnThisDayTests {
    @Test func memoriesOfADayComeByYearAndPetFromEarlierYearsOnly() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let bori = try await client.call(PetsCreate.self, .init(name: "보리"))
            let kong = try await client.call(PetsCreate.self, .init(name: "콩"))
            let album = try await client.call(AlbumsCreate.self, .init(title: "보리 사진", petId: bori.id))
            func entry(_ title: String, _ date: String, _ petId: String?) async throws -> String {
                try await client.call(DiaryCreate.self, .init(title: title, body: "", date: date, petId: petId)).id
            }
            let walk = try await entry("산책", "2025-05-03", bori.id)
            let rain = try await entry("비", "2025-05-03", nil)
            let bath = try await entry("목욕", "2023-05-03", kong.id)
            let older = try await entry("옛날", "2022-05-03", kong.id)
            _ = try await entry("다음 날", "2025-05-04", bori.id)
            _ = try await entry("올해", "2026-05-03", bori.id)
            let photo = try await client.call(
                PhotosImport.self,
                .init(albumId: album.id, data: try SampleJPEG.base64(taken: "2024:05:03 10:30:00"), filename: "a.jpg"))
            await client.close()

            let plugin = try await PluginUnderTest(path: try OnThisDayBinary.path())
            try await plugin.handshake(
                socket: core.socketPath, dataDirectory: core.directory.appending("plugin"), options: [("years", 3)])

            let threeYears = try await plugin.call("memories.onThisDay", ["date": "2026-05-03"])
            let fourYears = try await plugin.call("memories.onThisDay", ["date": "2026-05-03", "years": 4])
            await plugin.stop()

            #expect(
                summary(threeYears) == [
                    "2026-05-03 count 4",
                    "2025 (1 ago): 보리 entries [\(walk)] photos []; - entries [\(rain)] photos []",
                    "2024 (2 ago): 보리 entries [] photos [\(photo.id)]",
                    "2023 (3 ago): 콩 entries [\(bath)] photos []",
                ])
            #expect(summary(fourYears).first == "2026-05-03 count 5")
            #expect(summary(fourYears).last == "2022 (4 ago): 콩 entries [\(older)] photos []")
        }
    }

    @Test func aDayWithMemoriesPublishesMemoriesFoundAtInit() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let today = Calendar.current.dateComponents([.year, .month, .day], from: Date())
            let year = (today.year ?? 2026) - 2
            let month = today.month ?? 1
            // 29 February has no day two years back; the 28th stands in (the plugin finds nothing then).
            let day = month == 2 && today.day == 29 ? 28 : (today.day ?? 1)
            let date = String(format: "%04d-%02d-%02d", year, month, day)
            _ = try await client.call(DiaryCreate.self, .init(title: "그날", body: "", date: date))
            await client.close()

            let plugin = try await PluginUnderTest(path: try OnThisDayBinary.path())
            try await plugin.handshake(socket: core.socketPath, dataDirectory: core.directory.appending("plugin"))
            var published: RPCRequest?
            for await notification in plugin.client.notifications where notification.method == "events.publish" {
                published = notification
                break
            }
            await plugin.stop()

            let params = try #require(published?.params).decode(JSONValue.self)
            #expect(params["topic"] == "memories.found")
            #expect(params["data"]?["count"] == 1)
        }
    }

    @Test func exitsWhenItsStdinClosesWithoutShutdown() async throws {
        let plugin = try await PluginUnderTest(path: try OnThisDayBinary.path())
        try await plugin.handshake(socket: "/nonexistent", dataDirectory: "/tmp")

        plugin.client.finishWriting()
        let process = plugin.process
        let outcome = await Task.detached { process.wait(timeout: .seconds(5)) }.value
        await plugin.client.close()

        #expect(outcome.timedOut == false)
        #expect(outcome.termination == .exited(0))
    }

    @Test func anImpossibleDateIsRefusedNamingTheParam() async throws {
        let plugin = try await PluginUnderTest(path: try OnThisDayBinary.path())
        try await plugin.handshake(socket: "/nonexistent", dataDirectory: "/tmp")

        let error = await #expect(throws: RPCError.self) {
            try await plugin.call("memories.onThisDay", ["date": "2026-02-30"])
        }
        await plugin.stop()

        #expect(error?.code == .invalidParams)
        #expect(error?.message == "Param 'date' is 2026-02-30; it must be a day, YYYY-MM-DD.")
    }
}

/// A memories.onThisDay result as lines: the date and count, then per year its groups by pet name
/// (`-` for no pet) with entry and photo ids.
private func summary(_ result: JSONValue) -> [String] {
    func ids(_ value: JSONValue?) -> String {
        guard case .array(let items) = value else { return "?" }
        return items.compactMap { item -> String? in
            if case .string(let id) = item["id"] { return id }
            return nil
        }.joined(separator: ", ")
    }
    func string(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        default: "-"
        }
    }
    var lines = ["\(string(result["date"])) count \(string(result["count"]))"]
    guard case .array(let years) = result["years"] else { return lines }
    for year in years {
        guard case .array(let pets) = year["pets"] else { continue }
        let groups = pets.map { pet in
            "\(string(pet["petName"])) entries [\(ids(pet["entries"]))] photos [\(ids(pet["photos"]))]"
        }
        lines.append(
            "\(string(year["year"])) (\(string(year["yearsAgo"])) ago): " + groups.joined(separator: "; "))
    }
    return lines
}
