import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `photos.import {url, publicOnly: true}`, as a bridge sends it for a URL a model chose: a loopback
/// address is refused with the code of every failed fetch, a sentence naming the address, and
/// `reason: private-address`, and nothing is stored.
@Suite(.serialized)
struct PublicOnlyImportTests {
    @Test(arguments: CoreTestMode.allCases)
    func aPublicOnlyImportFromLoopbackIsRefusedAndStoresNothing(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            // Given a photo served on 127.0.0.1
            let client = try await core.client()
            let files = try TemporaryDirectory()
            _ = try files.write("walk.jpg", try MediaSamples.paddedJPEG(number: 1, size: 2_000))
            let server = try FileServer(serving: files.path)
            let url = "http://127.0.0.1:\(server.port)/walk.jpg"
            let albumId = try #require(try await client.object("albums.create", ["title": "A"])["id"] as? String)

            // When it is imported with publicOnly, then it is refused and the album stays empty
            let error = await client.error("photos.import", ["albumId": albumId, "url": url, "publicOnly": true])
            #expect(error?.code == .invalidParams, "\(String(describing: error))")
            #expect(
                error?.message == "could not download \(url): refused to fetch from 127.0.0.1: not a public address "
                    + "(publicOnly)")
            let data = ObjectClient.data(of: error)
            #expect(data["reason"] as? String == "private-address", "\(data)")
            #expect(data["field"] as? String == "url", "\(data)")
            #expect(data["host"] as? String == "127.0.0.1", "\(data)")
            #expect(try await client.items("photos.list", ["albumId": albumId]).isEmpty)

            // When it is imported without publicOnly (or with false), then it is there
            let photo = try await client.object("photos.import", ["albumId": albumId, "url": url, "publicOnly": false])
            #expect(photo["filename"] as? String == "walk.jpg")
            #expect(try await client.items("photos.list", ["albumId": albumId]).count == 1)
            await client.close()
        }
    }

    /// A proxy in the core's environment is used by other URL imports but not by publicOnly ones: the check
    /// would judge the proxy's address, and a proxy could reach what the core may not.
    @Test func aPublicOnlyImportDoesNotGoThroughTheEnvironmentsProxy() async throws {
        // Given a core whose environment names a proxy on 127.0.0.2, where nothing listens
        let proxy = ["http_proxy": "http://127.0.0.2:9", "no_proxy": "", "NO_PROXY": ""]
        let core = try CoreProcess(environment: proxy)
        defer { core.stop() }
        let client = try await ObjectClient.connect(to: core.socketPath)
        let albumId = try #require(try await client.object("albums.create", ["title": "A"])["id"] as? String)
        let url = "http://127.0.0.1:9/walk.jpg"

        // When a URL is imported without publicOnly, then the core tried the proxy
        let proxied = await client.error("photos.import", ["albumId": albumId, "url": url])
        #expect(proxied?.message.contains("127.0.0.2") == true, "\(String(describing: proxied))")

        // When it is imported with publicOnly, then the address judged is the URL's own, not the proxy's
        let direct = await client.error("photos.import", ["albumId": albumId, "url": url, "publicOnly": true])
        #expect(direct?.message.hasSuffix("refused to fetch from 127.0.0.1: not a public address (publicOnly)") == true)
        #expect(ObjectClient.data(of: direct)["reason"] as? String == "private-address")
        await client.close()
    }
}
