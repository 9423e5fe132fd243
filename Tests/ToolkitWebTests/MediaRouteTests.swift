import ChildProcesses
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitTestSupport
import ToolkitWeb

/// `/media/...`: a photo's bytes as the browser asks for them, and nothing else of the disk.
struct MediaRouteTests {
    /// Uploads a JPEG ffmpeg draws and answers its id, the bytes the core keeps, and its SHA-256.
    private func importPhoto(_ harness: WebHarness, _ client: some TestClientProtocol) async throws -> (
        id: String, bytes: [UInt8], sha256: String
    ) {
        let picture = harness.directory.appending("picture.jpg")
        let ffmpeg = try ChildProcess(
            "ffmpeg",
            ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=1", "-frames:v", "1", picture])
        #expect(ffmpeg.wait(timeout: .seconds(60)).termination.status == 0)
        let album = try await call(harness, client, WebHarness.request("albums.create", #"{"title":"산책"}"#))
        let albumID = try #require(album["id"] as? String)
        let bytes = try harness.directory.read(picture)
        let uploaded = try await client.execute(
            uri: "/api/upload?album=\(albumID)", method: .post, headers: harness.bearer, body: ByteBuffer(bytes: bytes))
        let photo = try #require(
            try JSONSerialization.jsonObject(with: Data(String(buffer: uploaded.body).utf8)) as? [String: Any])
        return (
            try #require(photo["id"] as? String), try harness.directory.read(picture),
            try #require(photo["sha256"] as? String)
        )
    }

    private func call(_ harness: WebHarness, _ client: some TestClientProtocol, _ request: String) async throws
        -> [String: Any]
    {
        let response = try await client.execute(
            uri: "/api/rpc", method: .post, headers: harness.bearer, body: ByteBuffer(string: request))
        let answer = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
        return try #require(answer?["result"] as? [String: Any], "\(String(buffer: response.body))")
    }

    @Test func aDeletedPhotosFilesAreGoneWithinMoments() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let photo = try await importPhoto(harness, client)
                let uris = ["/media/photos/\(photo.id)", "/media/photos/\(photo.id)/thumbnail?size=64"]
                for uri in uris {
                    #expect(try await client.execute(uri: uri, method: .get, headers: harness.bearer).status == .ok)
                }
                _ = try await call(
                    harness, client, WebHarness.request("photos.delete", #"{"id":"\#(photo.id)"}"#))
                // The core's answers are kept a moment (2 s), never longer: both URLs are then 404.
                for uri in uris {
                    var status = HTTPResponse.Status.ok
                    for _ in 0..<600 where status != .notFound {
                        status = try await client.execute(uri: uri, method: .get, headers: harness.bearer).status
                        if status != .notFound { try await Task.sleep(for: .milliseconds(100)) }
                    }
                    #expect(status == .notFound, "\(uri)")
                }
            }
        }
    }

    @Test func theOriginalComesWholeAndInRangesWithAStrongETagAndImmutableCaching() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let photo = try await importPhoto(harness, client)
                let uri = "/media/photos/\(photo.id)"
                let etag = "\"\(photo.sha256)\""
                let length = photo.bytes.count

                let whole = try await client.execute(uri: uri, method: .get, headers: harness.bearer)
                #expect(whole.status == .ok)
                #expect(Array(buffer: whole.body) == photo.bytes)
                #expect(whole.headers[.contentType] == "image/jpeg")
                #expect(whole.headers[.eTag] == etag)
                #expect(whole.headers[.cacheControl] == "private, max-age=31536000, immutable")
                #expect(whole.headers[.acceptRanges] == "bytes")
                #expect(whole.headers[.init("X-Content-Type-Options")!] == "nosniff")

                let head = try await client.execute(uri: uri, method: .head, headers: harness.bearer)
                #expect(head.status == .ok)
                #expect(head.headers[.contentLength] == String(length))
                #expect(head.headers[.eTag] == etag)
                #expect(head.body.readableBytes == 0)

                var headers = harness.bearer
                headers[.range] = "bytes=10-19"
                let part = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(part.status == .partialContent)
                #expect(Array(buffer: part.body) == Array(photo.bytes[10...19]))
                #expect(part.headers[.contentRange] == "bytes 10-19/\(length)")

                headers[.range] = "bytes=-100"
                let suffix = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(suffix.status == .partialContent)
                #expect(Array(buffer: suffix.body) == Array(photo.bytes.suffix(100)))
                #expect(suffix.headers[.contentRange] == "bytes \(length - 100)-\(length - 1)/\(length)")

                headers[.range] = "bytes=\(length)-"
                let beyond = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(beyond.status == .rangeNotSatisfiable)
                #expect(beyond.headers[.contentRange] == "bytes */\(length)")

                headers[.range] = "bytes=0-9"
                headers[.ifRange] = "\"\(String(repeating: "0", count: 64))\""
                let stale = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(stale.status == .ok)
                #expect(Array(buffer: stale.body) == photo.bytes)

                headers[.ifRange] = etag
                let current = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(current.status == .partialContent)
                #expect(Array(buffer: current.body) == Array(photo.bytes[0...9]))

                var revalidate = harness.bearer
                revalidate[.ifNoneMatch] = etag
                let unchanged = try await client.execute(uri: uri, method: .get, headers: revalidate)
                #expect(unchanged.status == .notModified)

                let thumbnail = try await client.execute(
                    uri: uri + "/thumbnail?size=64", method: .get, headers: harness.bearer)
                #expect(thumbnail.status == .ok)
                #expect(thumbnail.headers[.contentType] == "image/jpeg")
                #expect(Array(buffer: thumbnail.body).starts(with: [0xFF, 0xD8]))
                let badSize = try await client.execute(
                    uri: uri + "/thumbnail?size=9999", method: .get, headers: harness.bearer)
                #expect(badSize.status == .badRequest)
                let noToken = try await client.execute(uri: uri, method: .get)
                #expect(noToken.status == .unauthorized)
            }
        }
    }

    @Test func pathsThatAreNotIdsReachNoFile() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let photo = try await importPhoto(harness, client)
                let raw = RawHTTP(port: try #require(client.port))
                let spellings = [
                    "/media/photos/../../../../etc/passwd", "/media/photos/%2e%2e/%2e%2e/etc/passwd",
                    "/media/photos/..%2f..%2f..%2fetc%2fpasswd", "/media/photos/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
                    "/media/photos/\(photo.id)%2f..%2f..%2fdata", "/media/photos/\(photo.id)/../../../etc/passwd",
                    "/media/photos/..%252f..%252fetc%252fpasswd", "/media/photos/....//....//etc/passwd",
                    "/media/photos/%00", "/media/photos/\(photo.sha256)", "/media/sounds/..", "/media/../etc/passwd",
                    "/media/photos/.%2e/.%2e/etc/passwd", "/media/photos/\\..\\..\\etc\\passwd",
                ]
                for path in spellings {
                    let reply = try await raw.send([
                        "GET \(path) HTTP/1.1", "Host: localhost", "Authorization: Bearer \(harness.token)",
                    ])
                    #expect([400, 404].contains(reply.status), "\(path) answered \(reply.status)")
                    #expect(!reply.body.contains("root:"), "\(path) served a file of the system")
                }
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInTheOrderTheyCameWhoeverAnswersThem() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let photo = try await importPhoto(harness, client)
                let original = "/media/photos/\(photo.id)"
                let thumbnail = "/media/photos/\(photo.id)/thumbnail?size=64"
                let thumbnailBytes = try await client.execute(uri: thumbnail, method: .get, headers: harness.bearer)
                #expect(try await client.execute(uri: original, method: .get, headers: harness.bearer).status == .ok)
                // The core's answers for both are kept now: the ranges and the thumbnail can be answered on the
                // connection (a range as a file sent by the kernel), the call only by the router, and the last
                // (Connection: close) by the router too.
                let head = "Host: localhost\r\nAuthorization: Bearer \(harness.token)\r\n"
                let ping = WebHarness.request("system.ping")
                let replies = try await RawHTTP(port: try #require(client.port)).pipeline([
                    "GET \(original) HTTP/1.1\r\n\(head)Range: bytes=0-99\r\n\r\n",
                    "GET \(thumbnail) HTTP/1.1\r\n\(head)\r\n",
                    "POST /api/rpc HTTP/1.1\r\n\(head)Content-Length: \(ping.utf8.count)\r\n\r\n\(ping)",
                    "GET \(original) HTTP/1.1\r\n\(head)Range: bytes=-100\r\n\r\n",
                    "GET \(original) HTTP/1.1\r\n\(head)Range: bytes=100-199\r\nConnection: close\r\n\r\n",
                ])
                #expect(replies.map(\.status) == [206, 200, 200, 206, 206])
                guard replies.count == 5 else { return }
                #expect(replies[0].body == Array(photo.bytes[0..<100]))
                #expect(replies[1].body == Array(buffer: thumbnailBytes.body))
                #expect(String(decoding: replies[2].body, as: UTF8.self).contains("pong"))
                #expect(replies[3].body == Array(photo.bytes.suffix(100)))
                #expect(replies[4].body == Array(photo.bytes[100..<200]))
            }
        }
    }

    @Test func aBuiltInSoundIsServedAsWAV() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let sound = try await client.execute(uri: "/media/sounds/squeak", method: .get, headers: harness.bearer)
                #expect(sound.status == .ok)
                #expect(sound.headers[.contentType] == "audio/wav")
                #expect(Array(buffer: sound.body).starts(with: Array("RIFF".utf8)))
                let unknown = try await client.execute(
                    uri: "/media/sounds/no-such-sound", method: .get, headers: harness.bearer)
                #expect([400, 404].contains(unknown.status.code))
            }
        }
    }
}
