import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// A refusal reads in the words the user typed: where the core's message names a param (`photoIds`, `limit`,
/// `body`), the command shows its flag (`--photo`, `--limit`, `--text`); `--json` and `toolkit call` keep the
/// core's error as it is. Every refusal leaves the diary as it was.
struct FlagWordingCommandTests {
    @Test func theCoresRefusalsNameTheFlagsTheUserTyped() async throws {
        // Given a core with a pet, an album, a photo and an entry
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks", petId: pet.id))
        let still = try await TestClip.make(
            "park.jpg", arguments: ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-frames:v", "1"], in: files)
        let photo = try await client.call(PhotosImport.self, .init(albumId: album.id, path: still))
        let entry = try await client.call(
            DiaryCreate.self, .init(title: "산책", body: "공원", date: "2024-05-10", petId: pet.id))
        let socket = ["--socket", core.socketPath]
        let long = String(repeating: "가", count: 501)

        // When each command is refused by the core, then its message names the flag, not the param
        let refusals: [([String], String)] = [
            (
                ["diary", "add", "--title", "x", "--photo", photo.id, "--photo", photo.id],
                "toolkit: --photo lists a photo twice; list each photo once. (error -32602)\n"
            ),
            (
                ["diary", "edit", entry.id, "--text", long],
                "toolkit: --text is 501 characters; the limit is 500. To allow longer ones: toolkit call "
                    + "settings.set bodyLimit=501. (error -32602)\n"
            ),
            (["diary", "list", "--limit", "900"], "toolkit: --limit is 900; ask for 1 to 500 items. (error -32602)\n"),
            (["photos", "list", "--pet", "보리", "--limit", "0"], "toolkit: --limit is 0; ask for 1 to 500 items."),
            (["diary", "search", "공원", "--from", "2024-13-01"], "toolkit: --from '2024-13-01' is not a day;"),
        ]
        for (arguments, message) in refusals {
            let refused = try await runToolkit(arguments + socket)
            #expect(refused.status == 1, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.hasPrefix(message), "\(arguments): \(refused.stderr)")
        }

        // When a pet or album the user named does not exist, then the command says so before the core is asked
        let pets = try await runToolkit(
            ["photos", "import", still, "--album", "Walks", "--pet", "NOPE", "--quiet"] + socket)
        #expect(pets.status == 64)
        #expect(pets.stderr == "toolkit: No pet is named or has the id 'NOPE'; see toolkit pets.\n")
        let unknown = try await runToolkit(["diary", "add", "--title", "x", "--pet", "나비"] + socket)
        #expect(unknown.status == 64 && !unknown.stderr.contains("petId"), "\(unknown.stderr)")

        // Then nothing was changed
        #expect(try await client.call(DiaryList.self, .init()).items == [entry])
        #expect(try await client.call(PhotosList.self, .init()).items.map(\.id) == [photo.id])

        // When the error is asked for as JSON, or the method is called by name, then it is the core's own
        let json = try await runToolkit(["diary", "list", "--limit", "900", "--json"] + socket)
        #expect(json.stdout.contains("\"message\":\"limit is 900;"), "\(json.stdout)")
        #expect(json.stdout.contains("\"field\":\"limit\""), "\(json.stdout)")
        let called = try await runToolkit(["call", "diary.list", "limit=900"] + socket)
        #expect(called.stderr.hasPrefix("toolkit: limit is 900;"), "\(called.stderr)")
    }
}
