import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// A phone's clip over the socket: its record says what the container says (codecs, frame rate, rotation, the
/// size as shown), it lands on the day it was recorded, and a bundle carries all of it to another diary.
struct VideoDetailsRecordTests {
    /// HEVC and AAC at 29.97 frames a second, a quarter turn, recorded at 23:32 on 1 May 2024 in Seoul
    /// (QuickTime's creation date), though the movie header says 09:00 UTC on the 2nd.
    static func phoneClip(in files: TemporaryDirectory) throws -> String {
        let recorded = try TestClip.make(
            "recorded.mov",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=30000/1001", "-f", "lavfi", "-i", "sine", "-t", "1",
                "-c:v", "libx265", "-x265-params", "log-level=error:pools=1:frame-threads=1", "-c:a", "aac",
            ],
            in: files)
        return try TestClip.make(
            "IMG_0001.MOV",
            arguments: [
                "-i", recorded, "-c", "copy", "-metadata:s:v:0", "rotate=90",
                "-metadata", "creation_time=2024-05-02T09:00:00Z",
                "-metadata", "com.apple.quicktime.creationdate=2024-05-01T23:32:11+0900",
                "-movflags", "use_metadata_tags",
            ],
            in: files)
    }

    @Test func aPhoneClipsRecordCarriesItsDetailsAndABundleKeepsThem() async throws {
        let sender = try CoreProcess()
        defer { _ = sender.stop() }
        let receiver = try CoreProcess()
        defer { _ = receiver.stop() }
        let from = try await RPCClient.connect(to: sender.socketPath)
        let to = try await RPCClient.connect(to: receiver.socketPath)
        let files = try TemporaryDirectory()
        let album = try await from.call(AlbumsCreate.self, .init(title: "Walks"))
        let video = try await from.call(
            PhotosImport.self, .init(albumId: album.id, path: try Self.phoneClip(in: files)))

        #expect(video.mediaType == "video/quicktime")
        #expect(video.videoCodec == "hevc" && video.audioCodec == "aac" && video.frameRate == 29.97)
        #expect(video.width == 64 && video.height == 48)
        #expect(video.rotation == 270 && video.displayWidth == 48 && video.displayHeight == 64)
        #expect(video.takenAt == "2024-05-01T14:32:11.000Z")
        let day = try await from.call(DiaryCalendar.self, .init(year: 2024, month: 5)).days.first
        #expect(day?.date == "2024-05-01" && day?.videos == 1, "\(String(describing: day))")
        // The JSON a script sees: every field there, a photo's video fields null.
        let raw = try await from.call(PhotosGet.name, params: try RawJSON(encoding: PhotosGet.Params(id: video.id)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(raw.text.utf8)) as? [String: Any])
        #expect(object["rotation"] as? Int == 270 && object["videoCodec"] as? String == "hevc", "\(object)")
        let still = try files.write("still.png", try MediaSamples.fixture("tiny-24x12.png"))
        let photo = try await from.call(PhotosImport.self, .init(albumId: album.id, path: still))
        #expect(photo.rotation == nil && photo.videoCodec == nil && photo.displayWidth == 24)

        let bundle = try await from.call(ExportCreate.self, .init(path: files.appending("walks.tar.zst"))).path
        _ = try await to.call(ImportBundle.self, .init(path: bundle))
        let arrived = try await to.call(PhotosGet.self, .init(id: video.id))
        #expect(arrived.videoCodec == "hevc" && arrived.audioCodec == "aac" && arrived.frameRate == 29.97)
        #expect(arrived.rotation == 270 && arrived.takenAt == video.takenAt)
        await from.close()
        await to.close()
    }
}
