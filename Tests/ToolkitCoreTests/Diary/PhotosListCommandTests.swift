import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit photos list` shows what a person marked: a favourite's star and its memo, on one line.
struct PhotosListCommandTests {
    @Test func favouritesShowTheirStarAndMemoAndFilterByThem() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        var ids: [String] = []
        for (name, pattern) in [("a.mp4", "testsrc"), ("b.mp4", "smptebars")] {
            let clip = try await TestClip.make(
                name, arguments: ["-f", "lavfi", "-i", "\(pattern)=size=64x48:rate=10", "-t", "0.5"], in: files)
            ids.append(try await client.call(PhotosImport.self, .init(albumId: album.id, path: clip)).id)
        }
        _ = try await client.call(
            PhotosUpdate.self,
            .init(id: ids[1], memo: "공원에서 첫 산책\n다음엔 바다로 가자, 오래오래 걷고 싶은 날이었다, 보리도 그렇겠지", favorite: true))

        let listed = try await runToolkit(["photos", "list", "--album", "Walks", "--socket", core.socketPath])
        #expect(listed.status == 0, "\(listed.stderr)")
        let line = try #require(listed.stdout.split(separator: "\n").first { $0.contains(ids[1]) })
        #expect(line.contains("★ b.mp4") && line.contains("공원에서 첫 산책 다음엔 바다로"), "\(listed.stdout)")
        #expect(line.hasSuffix("…"))
        let favourites = try await runToolkit(["photos", "list", "--favorites", "--socket", core.socketPath])
        #expect(favourites.stdout.contains(ids[1]) && !favourites.stdout.contains(ids[0]), "\(favourites.stdout)")
    }
}
