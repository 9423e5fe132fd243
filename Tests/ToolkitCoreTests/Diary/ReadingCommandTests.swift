import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// The CLI reads what it writes: one entry or photo shown whole, a memo written, the settings shown and changed,
/// without `toolkit call`.
struct ReadingCommandTests {
    @Test func anEntryAndItsClipAreShownWhole() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let clip = try await TestClip.make("walk.mp4", codec: "libx264", seconds: 2, in: files)
        let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
        let album = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: pet.id))
        let video = try await client.call(PhotosImport.self, .init(albumId: album.id, path: clip))
        let body = "공원에서 오래 걸었다 #산책\n둘째 줄도 보인다"
        let entry = try await client.call(
            DiaryCreate.self,
            .init(title: "첫 산책", body: body, date: "2024-05-10", petId: pet.id, photoIds: [video.id], favorite: true))
        let socket = ["--socket", core.socketPath]

        let shown = try await runToolkit(["diary", "show", entry.id] + socket)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("★ 첫 산책 · 2024-05-10 · 보리\n#산책\n\n" + body), "\(shown.stdout)")
        #expect(shown.stdout.contains("\(video.id)  video 0:02  walk.mp4"), "\(shown.stdout)")

        let memo = try await runToolkit(["photos", "memo", video.id, "공원 입구에서"] + socket)
        #expect(memo.status == 0 && memo.stdout.contains("공원 입구에서"), "\(memo.stderr)")
        let photo = try await runToolkit(["photos", "show", video.id] + socket)
        #expect(photo.status == 0, "\(photo.stderr)")
        for line in ["file:       walk.mp4", "length:     0:02", "codecs:     h264, no sound", "memo:       공원 입구에서"] {
            #expect(photo.stdout.contains(line), "\(line) in \(photo.stdout)")
        }
        let missing = try await runToolkit(["diary", "show", "00000000-0000-0000-0000-000000000000"] + socket)
        #expect(missing.status == 1 && missing.stderr.contains("00000000-0000-0000-0000-000000000000"))
    }

    @Test func listLongShowsEachEntrysWholeBodyUnderItsLine() async throws {
        // Given two entries, one with a body of two lines and one with none
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let walk = try await client.call(
            DiaryCreate.self, .init(title: "산책", body: "공원 두 바퀴 #산책\n둘째 줄", date: "2024-05-10"))
        let nap = try await client.call(DiaryCreate.self, .init(title: "낮잠", body: "", date: "2024-05-11"))
        let socket = ["--socket", core.socketPath]

        // When they are listed with --long, then each body follows its entry's line, a blank line between
        let long = try await runToolkit(["diary", "list", "--long"] + socket)
        #expect(long.status == 0, "\(long.stderr)")
        let lines = long.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 8, "\(long.stdout)")
        #expect(lines[0].hasPrefix("DATE") && lines[1].hasPrefix("2024-05-11") && lines[1].hasSuffix(nap.id))
        #expect(Array(lines[2...7]) == ["(no text)", "", lines[4], "공원 두 바퀴 #산책", "둘째 줄", ""])
        #expect(lines[4].hasPrefix("2024-05-10") && lines[4].hasSuffix(walk.id), "\(lines[4])")

        // When they are listed without it or with --json, then as before
        let short = try await runToolkit(["diary", "list"] + socket)
        #expect(short.stdout.split(separator: "\n").count == 3 && !short.stdout.contains("둘째 줄"))
        let json = try await runToolkit(["diary", "list", "--long", "--json"] + socket)
        await #expect(json.stdout == (try runToolkit(["diary", "list", "--json"] + socket)).stdout)
        #expect(json.stdout.contains("\"items\"") && !json.stdout.contains("DATE"), "\(json.stdout)")
    }

    @Test func settingsAreShownAndChangedByName() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let changed = try await runToolkit(["settings", "set", "titleLimit", "20"] + socket)
        #expect(changed.status == 0 && changed.stderr.contains("titleLimit is now 20"), "\(changed.stderr)")
        let shown = try await runToolkit(["settings"] + socket)
        #expect(shown.stdout.contains("titleLimit      20"), "\(shown.stdout)")
        let unknown = try await runToolkit(["settings", "set", "titlelimit", "20"] + socket)
        #expect(unknown.status == 64 && unknown.stderr.contains("did you mean titleLimit?"), "\(unknown.stderr)")
        let notNumber = try await runToolkit(["settings", "set", "bodyLimit", "many"] + socket)
        #expect(notNumber.status == 64 && notNumber.stderr.contains("'many' is not a number"), "\(notNumber.stderr)")
        let badColour = try await runToolkit(["settings", "set", "themeColor", "blue"] + socket)
        #expect(badColour.status == 1 && badColour.stderr.contains("#RRGGBB"), "\(badColour.stderr)")
    }
}
