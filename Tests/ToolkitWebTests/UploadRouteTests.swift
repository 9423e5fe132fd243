import ChildProcesses
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting
import ToolkitWeb

/// `POST /api/upload`: a file streamed to disk and imported, or refused with nothing kept.
struct UploadRouteTests {
    private func call(_ harness: WebHarness, _ client: some TestClientProtocol, _ request: String) async throws
        -> [String: Any]
    {
        let response = try await client.execute(
            uri: "/api/rpc", method: .post, headers: harness.bearer, body: ByteBuffer(string: request))
        let answer = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
        return try #require(answer?["result"] as? [String: Any], "\(String(buffer: response.body))")
    }

    private func picture(_ harness: WebHarness) throws -> [UInt8] {
        let path = harness.directory.appending("upload.jpg")
        let ffmpeg = try ChildProcess(
            "ffmpeg",
            ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=1", "-frames:v", "1", path])
        #expect(ffmpeg.wait(timeout: .seconds(60)).termination.status == 0)
        return try harness.directory.read(path)
    }

    /// What is left in the blob store's staging directory: nothing once an upload is answered.
    private func staged(_ harness: WebHarness) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: harness.core.dataDirectory + "/blobs/tmp")) ?? [])
            .filter { $0.hasPrefix("web-upload-") }
    }

    @Test func aPhotoIsImportedIntoTheAlbumAndAttachedToTheEntry() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let album = try #require(
                    try await call(harness, client, WebHarness.request("albums.create", #"{"title":"산책"}"#))["id"]
                        as? String)
                let entry = try #require(
                    try await call(
                        harness, client, WebHarness.request("diary.create", #"{"title":"첫 산책","body":"공원"}"#))["id"]
                        as? String)
                let bytes = try picture(harness)
                var headers = harness.bearer
                headers[.init("X-Filename")!] = "../../walk.jpg"
                let response = try await client.execute(
                    uri: "/api/upload?album=\(album)&entry=\(entry)", method: .post, headers: headers,
                    body: ByteBuffer(bytes: bytes))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let photo = try #require(
                    try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
                #expect(photo["mediaType"] as? String == "image/jpeg")
                #expect(photo["bytes"] as? Int == bytes.count)
                #expect(photo["filename"] as? String == "walk.jpg")
                let id = try #require(photo["id"] as? String)
                let attached = try await call(harness, client, WebHarness.request("diary.get", #"{"id":"\#(entry)"}"#))
                #expect(attached["photoIds"] as? [String] == [id])
                let served = try await client.execute(uri: "/media/photos/\(id)", method: .get, headers: harness.bearer)
                #expect(Array(buffer: served.body) == bytes)
                #expect(staged(harness).isEmpty)
            }
        }
    }

    @Test func contentThatIsNotAPhotoIs415AndNothingIsKept() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let album = try #require(
                    try await call(harness, client, WebHarness.request("albums.create", #"{"title":"a"}"#))["id"]
                        as? String)
                let response = try await client.execute(
                    uri: "/api/upload?album=\(album)", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: "just some text, not a picture"))
                #expect(response.status == .unsupportedMediaType)
                #expect(String(buffer: response.body).contains("not a photo or video"))
                let photos = try await call(
                    harness, client, WebHarness.request("photos.list", #"{"albumId":"\#(album)"}"#))
                #expect((photos["items"] as? [Any])?.isEmpty == true)
                #expect(staged(harness).isEmpty)

                let noAlbum = try await client.execute(
                    uri: "/api/upload?album=00000000-0000-0000-0000-000000000000", method: .post,
                    headers: harness.bearer, body: ByteBuffer(string: "x"))
                #expect(noAlbum.status == .notFound)
                let unnamed = try await client.execute(
                    uri: "/api/upload", method: .post, headers: harness.bearer, body: ByteBuffer(string: "x"))
                #expect(unnamed.status == .badRequest)
            }
        }
    }

    @Test func anUploadOverTheLimitIs413WhetherDeclaredOrSentAndNothingIsKept() async throws {
        try await WebHarness.run(maximumUploadBytes: 1000) { harness in
            try await harness.application().test(.live) { client in
                let album = try #require(
                    try await call(harness, client, WebHarness.request("albums.create", #"{"title":"a"}"#))["id"]
                        as? String)
                // A 5 GB body declared: refused before any of it is read.
                let declared = try await RawHTTP(port: try #require(client.port)).send(
                    [
                        "POST /api/upload?album=\(album) HTTP/1.1", "Host: localhost",
                        "Authorization: Bearer \(harness.token)", "Content-Length: 5000000000",
                    ], until: { $0.contains("\r\n\r\n") })
                #expect(declared.status == 413)
                // A body sent without its length (chunked) that runs past the limit as it streams.
                let sent = try await RawHTTP(port: try #require(client.port)).send(
                    [
                        "POST /api/upload?album=\(album) HTTP/1.1", "Host: localhost",
                        "Authorization: Bearer \(harness.token)",
                    ], body: String(repeating: "x", count: 3000), chunked: true)
                #expect(sent.status == 413)
                #expect(sent.body.contains("limits.uploadBytes"))
                let photos = try await call(
                    harness, client, WebHarness.request("photos.list", #"{"albumId":"\#(album)"}"#))
                #expect((photos["items"] as? [Any])?.isEmpty == true)
                #expect(staged(harness).isEmpty)
            }
        }
    }
}
