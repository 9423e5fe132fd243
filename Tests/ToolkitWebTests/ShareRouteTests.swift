import ChildProcesses
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting
import ToolkitWeb

/// `POST /api/share`: a share bundle made by `export.create` and sent back as a download, with nothing left on disk.
struct ShareRouteTests {
    private func call(_ harness: WebHarness, _ client: some TestClientProtocol, _ request: String) async throws
        -> [String: Any]
    {
        let response = try await client.execute(
            uri: "/api/rpc", method: .post, headers: harness.bearer, body: ByteBuffer(string: request))
        let answer = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
        return try #require(answer?["result"] as? [String: Any], "\(String(buffer: response.body))")
    }

    /// The members `tar --zstd -tf` lists in `bytes`, in order.
    private func members(_ bytes: [UInt8], _ harness: WebHarness) throws -> [String] {
        let bundle = try harness.directory.write("share.tar.zst", bytes)
        let listing = harness.directory.appending("listing.txt")
        let tar = try ChildProcess("sh", ["-c", "tar --zstd -tf \"$0\" > \"$1\"", bundle, listing])
        #expect(tar.wait(timeout: .seconds(60)).termination.status == 0)
        return String(decoding: try harness.directory.read(listing), as: UTF8.self).split(separator: "\n")
            .map(String.init)
    }

    private func left(_ harness: WebHarness) -> [String] {
        let data = harness.core.dataDirectory
        let staged = ((try? FileManager.default.contentsOfDirectory(atPath: data + "/blobs/tmp")) ?? [])
            .filter { $0.hasPrefix("web-") }
        let exports = (try? FileManager.default.contentsOfDirectory(atPath: data + "/exports")) ?? []
        return staged + exports
    }

    @Test func aPetsBundleIsDownloadedWithItsGalleryAndNothingIsLeft() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let pet = try #require(
                    try await call(harness, client, WebHarness.request("pets.create", #"{"name":"보리"}"#))["id"]
                        as? String)
                _ = try await call(
                    harness, client,
                    WebHarness.request("diary.create", #"{"title":"산책","body":"강가","petId":"\#(pet)"}"#))
                let response = try await client.execute(
                    uri: "/api/share", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: #"{"petId":"\#(pet)"}"#))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                #expect(response.headers[.contentType] == "application/zstd")
                let disposition = try #require(response.headers[.contentDisposition])
                #expect(disposition.hasPrefix("attachment; filename=\""))
                #expect(disposition.contains(".tar.zst\""))
                #expect(disposition.contains("filename*=UTF-8''%EB%B3%B4%EB%A6%AC"), "\(disposition)")
                let bytes = Array(buffer: response.body)
                #expect(bytes.prefix(4) == [0x28, 0xb5, 0x2f, 0xfd])
                #expect(response.headers[.contentLength] == String(bytes.count))
                let members = try members(bytes, harness)
                #expect(members.first == "manifest.json")
                #expect(members.contains("index.html"))
                #expect(members.contains("data/entries.jsonl"))
                #expect(left(harness).isEmpty)
            }
        }
    }

    @Test func anUnknownPetIs404AndABadBodyIs400AndNothingIsLeft() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let unknown = try await client.execute(
                    uri: "/api/share", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: #"{"petId":"00000000-0000-0000-0000-000000000000"}"#))
                #expect(unknown.status == .notFound)
                let bad = try await client.execute(
                    uri: "/api/share", method: .post, headers: harness.bearer, body: ByteBuffer(string: "[1,2]"))
                #expect(bad.status == .badRequest)
                let wrongDay = try await client.execute(
                    uri: "/api/share", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: #"{"from":"yesterday"}"#))
                #expect(wrongDay.status == .badRequest)
                #expect(left(harness).isEmpty)

                // A page's request (the session cookie) from another origin changes nothing.
                let cookie = try await WebHarness.sessionCookie(client, token: harness.token)
                let crossSite = try await client.execute(
                    uri: "/api/share", method: .post,
                    headers: [.cookie: cookie, .origin: "http://evil.example"], body: ByteBuffer(string: "{}"))
                #expect(crossSite.status == .forbidden)
            }
        }
    }
}
