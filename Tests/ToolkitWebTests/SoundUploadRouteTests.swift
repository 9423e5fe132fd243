import ChildProcesses
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting
import ToolkitWeb

/// `POST /api/upload/sound`: a WAV file streamed to disk and imported as a sound (or a voice note), or refused with
/// the core's words and nothing kept.
struct SoundUploadRouteTests {
    private func call(_ harness: WebHarness, _ client: some TestClientProtocol, _ request: String) async throws
        -> [String: Any]
    {
        let response = try await client.execute(
            uri: "/api/rpc", method: .post, headers: harness.bearer, body: ByteBuffer(string: request))
        let answer = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
        return try #require(answer?["result"] as? [String: Any], "\(String(buffer: response.body))")
    }

    /// A 16-bit mono PCM WAV file of `frames` frames of a ramp, as a browser's recorder encodes one.
    static func wav(frames: Int = 8000, rate: Int = 8000) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xff) } }
        let data = (0..<frames).flatMap { le16(($0 * 37) % 20000 - 10000) }
        return Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16)
            + le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16) + Array("data".utf8)
            + le32(data.count) + data
    }

    private func staged(_ harness: WebHarness) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: harness.core.dataDirectory + "/blobs/tmp")) ?? [])
            .filter { $0.hasPrefix("web-") }
    }

    private func userSounds(_ harness: WebHarness, _ client: some TestClientProtocol) async throws -> [[String: Any]] {
        let page = try await call(harness, client, WebHarness.request("sounds.list", #"{"limit":500}"#))
        return (page["items"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String != "builtin" }
    }

    @Test func aWAVFileBecomesASoundThatIsServedBack() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let bytes = Self.wav()
                var headers = harness.bearer
                headers[.init("X-Filename")!] = "bark.wav"
                let response = try await client.execute(
                    uri: "/api/upload/sound?title=%EC%A7%96%EB%8A%94%20%EC%86%8C%EB%A6%AC", method: .post,
                    headers: headers, body: ByteBuffer(bytes: bytes))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let sound = try #require(
                    try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
                #expect(sound["title"] as? String == "짖는 소리")
                #expect(sound["kind"] as? String == "imported")
                #expect(sound["bits"] as? Int == 16)
                #expect(sound["durationSeconds"] as? Double == 1)
                let id = try #require(sound["id"] as? String)
                let served = try await client.execute(uri: "/media/sounds/\(id)", method: .get, headers: harness.bearer)
                #expect(Array(buffer: served.body) == bytes)
                #expect(staged(harness).isEmpty)
            }
        }
    }

    @Test func aBrokenWAVIs415WithTheCoresWordsAndNothingIsKept() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                var headers = harness.bearer
                headers[.init("X-Filename")!] = "broken.wav"
                let broken = Array(Self.wav().prefix(30))
                let response = try await client.execute(
                    uri: "/api/upload/sound?title=broken", method: .post, headers: headers,
                    body: ByteBuffer(bytes: broken))
                #expect(response.status == .unsupportedMediaType)
                let message = String(buffer: response.body)
                #expect(message.contains("'broken.wav' is not a WAV file the toolkit can play"), "\(message)")
                #expect(!message.contains("blobs/tmp"))
                #expect(try await userSounds(harness, client).isEmpty)
                #expect(staged(harness).isEmpty)

                let untitled = try await client.execute(
                    uri: "/api/upload/sound", method: .post, headers: harness.bearer,
                    body: ByteBuffer(bytes: Self.wav()))
                #expect(untitled.status == .badRequest)
                #expect(try await userSounds(harness, client).isEmpty)
            }
        }
    }

    @Test func aSoundOverTheUploadLimitIs413AndNothingIsKept() async throws {
        try await WebHarness.run(maximumUploadBytes: 1000) { harness in
            try await harness.application().test(.router) { client in
                let response = try await client.execute(
                    uri: "/api/upload/sound?title=long", method: .post, headers: harness.bearer,
                    body: ByteBuffer(bytes: Self.wav()))
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body).contains("limits.uploadBytes"))
                #expect(try await userSounds(harness, client).isEmpty)
                #expect(staged(harness).isEmpty)
            }
        }
    }

    @Test func withAnEntryTheSoundBecomesItsVoiceNote() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let entry = try #require(
                    try await call(harness, client, WebHarness.request("diary.create", #"{"title":"산책","body":""}"#))[
                        "id"] as? String)
                let response = try await client.execute(
                    uri: "/api/upload/sound?title=note&entry=\(entry)", method: .post, headers: harness.bearer,
                    body: ByteBuffer(bytes: Self.wav()))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let note = try #require(
                    try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
                #expect(note["entryId"] as? String == entry)
                let notes = try await call(
                    harness, client, WebHarness.request("notes.list", #"{"entryId":"\#(entry)"}"#))
                #expect((notes["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [note["id"] as? String])

                let missing = try await client.execute(
                    uri: "/api/upload/sound?title=note&entry=00000000-0000-0000-0000-000000000000", method: .post,
                    headers: harness.bearer, body: ByteBuffer(bytes: Self.wav()))
                #expect(missing.status == .notFound)
                #expect(try await userSounds(harness, client).count == 1)
                #expect(staged(harness).isEmpty)
            }
        }
    }

    @Test func withAPhotoTheSoundBecomesItsVoiceNoteAndBothTargetsAre400() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let picture = harness.directory.appending("picture.jpg")
                let ffmpeg = try ChildProcess(
                    "ffmpeg",
                    [
                        "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=1", "-frames:v", "1",
                        picture,
                    ])
                #expect(ffmpeg.wait(timeout: .seconds(60)).termination.status == 0)
                let album = try #require(
                    try await call(harness, client, WebHarness.request("albums.create", #"{"title":"산책"}"#))["id"]
                        as? String)
                let uploaded = try await client.execute(
                    uri: "/api/upload?album=\(album)", method: .post, headers: harness.bearer,
                    body: ByteBuffer(bytes: try harness.directory.read(picture)))
                let photo = try #require(
                    try JSONSerialization.jsonObject(with: Data(String(buffer: uploaded.body).utf8)) as? [String: Any])
                let photoID = try #require(photo["id"] as? String)

                let response = try await client.execute(
                    uri: "/api/upload/sound?title=note&photo=\(photoID)", method: .post, headers: harness.bearer,
                    body: ByteBuffer(bytes: Self.wav()))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let note = try #require(
                    try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
                #expect(note["photoId"] as? String == photoID)
                let notes = try await call(
                    harness, client, WebHarness.request("notes.list", #"{"photoId":"\#(photoID)"}"#))
                #expect((notes["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [note["id"] as? String])

                let both = try await client.execute(
                    uri: "/api/upload/sound?title=note&photo=\(photoID)&entry=\(photoID)", method: .post,
                    headers: harness.bearer, body: ByteBuffer(bytes: Self.wav()))
                #expect(both.status == .badRequest)
                let missing = try await client.execute(
                    uri: "/api/upload/sound?title=note&photo=00000000-0000-0000-0000-000000000000", method: .post,
                    headers: harness.bearer, body: ByteBuffer(bytes: Self.wav()))
                #expect(missing.status == .notFound)
                #expect(try await userSounds(harness, client).count == 1)
                #expect(staged(harness).isEmpty)
            }
        }
    }
}
