import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// A video's codecs, frame rate and capture time are read from its container, as ffprobe would name them, so a
/// phone's clip lands on the day it was recorded and the diary can tell which videos a browser plays.
@Suite struct VideoDetailsTests {
    /// A phone-like clip: HEVC at 29.97 frames a second with AAC sound, turned a quarter, and the local time
    /// of recording in QuickTime's metadata.
    @Test func aPhoneClipGivesItsCodecsFrameRateRotationAndQuickTimeCreationDate() throws {
        let directory = try TemporaryDirectory()
        let recorded = try TestClip.make(
            "recorded.mov",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=30000/1001", "-f", "lavfi", "-i", "sine", "-t", "1",
                "-c:v", "libx265", "-x265-params", "log-level=error:pools=1:frame-threads=1", "-c:a", "aac",
            ],
            in: directory)
        // ffmpeg writes a rotation only when it copies the stream.
        let path = try TestClip.make(
            "phone.mov",
            arguments: [
                "-i", recorded, "-c", "copy", "-metadata:s:v:0", "rotate=90",
                "-metadata", "creation_time=2024-05-02T09:00:00Z",
                "-metadata", "com.apple.quicktime.creationdate=2024-05-01T23:32:11+0900",
                "-movflags", "use_metadata_tags",
            ],
            in: directory)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.mediaType == MediaType.quickTime)
        #expect(info.videoCodec == "hevc")
        #expect(info.audioCodec == "aac")
        #expect(info.frameRate == 29.97)
        // ffmpeg's `rotate` tag counts counter-clockwise (as ffprobe's `rotation` does), so 90 means that
        // showing it upright takes 270° clockwise: EXIF orientation 8.
        #expect(info.orientation == 8)
        #expect(info.displayWidth == 48 && info.displayHeight == 64)
        // 23:32 at +09:00 is 14:32 UTC on the 1st, not the movie header's 09:00 on the 2nd.
        #expect(info.takenAt == Date(timeIntervalSince1970: 1_714_573_931), "\(String(describing: info.takenAt))")
        #expect(info.takenAtSource == .container)
        #expect(info.takenAtOffset == 9 * 3_600, "recorded at +09:00")
    }

    /// An MP4 with the phone's local time and offset: the instant and the offset both come from it; without it
    /// the movie header's UTC creation time gives the instant and no offset.
    @Test func anMP4sQuickTimeCreationDateGivesTheOffset() throws {
        let directory = try TemporaryDirectory()
        let plain = try TestClip.make(
            "plain.mp4",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "1", "-c:v", "libx264",
                "-metadata", "creation_time=2026-11-28T00:00:00Z",
            ],
            in: directory)
        let phone = try TestClip.make(
            "phone.mp4",
            arguments: [
                "-i", plain, "-c", "copy", "-movflags", "use_metadata_tags",
                "-metadata", "com.apple.quicktime.creationdate=2026-11-28T08:30:00+0900",
            ],
            in: directory)
        let info = try MediaInspector().inspectNow(fileAt: phone)
        #expect(info.takenAt == ISO8601DateFormatter().date(from: "2026-11-27T23:30:00Z"))
        #expect(info.takenAtOffset == 32_400)
        let plainInfo = try MediaInspector().inspectNow(fileAt: plain)
        #expect(plainInfo.takenAt == ISO8601DateFormatter().date(from: "2026-11-28T00:00:00Z"))
        #expect(plainInfo.takenAtOffset == nil, "mvhd's creation time carries no offset")
    }

    /// A phone held upright and one held the other way: ffmpeg's `rotate` tag (counter-clockwise) 270 is a
    /// quarter turn clockwise, EXIF orientation 6; 90 is orientation 8. Either way the size as shown swaps.
    @Test(arguments: [("270", 6), ("90", 8), ("180", 3)])
    func aTurnedClipsOrientationIsItsTrackMatrix(rotate: String, orientation: Int) throws {
        let directory = try TemporaryDirectory()
        let flat = try TestClip.make("flat.mp4", codec: "libx264", width: 64, height: 48, in: directory)
        let turned = try TestClip.make(
            "turned.mp4", arguments: ["-i", flat, "-c", "copy", "-metadata:s:v:0", "rotate=" + rotate], in: directory)
        let info = try MediaInspector().inspectNow(fileAt: turned)
        #expect(info.orientation == orientation)
        let quarter = orientation != 3
        #expect(info.displayWidth == (quarter ? 48 : 64) && info.displayHeight == (quarter ? 64 : 48))
    }

    @Test func anAVIWithSoundNamesBothCodecs() throws {
        let directory = try TemporaryDirectory()
        let path = try TestClip.make(
            "sound.avi",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25", "-f", "lavfi", "-i", "sine", "-t", "1",
                "-c:v", "mjpeg", "-c:a", "libmp3lame",
            ],
            in: directory)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.videoCodec == "mjpeg")
        #expect(info.audioCodec == "mp3")
        #expect(info.frameRate == 25)
    }

    @Test func aWebMWithSoundNamesBothCodecs() throws {
        let directory = try TemporaryDirectory()
        let path = try TestClip.make(
            "sound.webm",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=24", "-f", "lavfi", "-i", "sine", "-t", "1",
                "-c:v", "libvpx-vp9", "-c:a", "libopus",
            ],
            in: directory)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.videoCodec == "vp9")
        #expect(info.audioCodec == "opus")
    }

    @Test(arguments: [
        ("2024-05-01T23:32:11+0900", 1_714_573_931.0),
        ("2024-05-01T23:32:11+09:00", 1_714_573_931),
        ("2024-05-01T14:32:11Z", 1_714_573_931),
        ("2024-05-01T14:32:11.250Z", 1_714_573_931),
        ("2024-05-01T09:02:11-0530", 1_714_573_931),
    ])
    func quickTimeDatesReadWithTheirOffsets(text: String, seconds: Double) {
        #expect(QuickTimeMetadata.date(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        ("2024-05-01T23:32:11+0900", 32_400), ("2024-05-01T23:32:11+09:00", 32_400), ("2024-05-01T14:32:11Z", 0),
        ("2024-05-01T09:02:11-0530", -19_800), ("2024-05-01T14:32:11", nil),
    ])
    func quickTimeDatesGiveTheirOffsetInSecondsEast(text: String, offset: Int?) {
        #expect(QuickTimeMetadata.stamp(text)?.offset == offset)
    }

    @Test(arguments: ["", "2024-05-01", "2024-05-01T23:32:11+9", "yesterday at noon, roughly"])
    func otherTextIsNoDate(text: String) {
        #expect(QuickTimeMetadata.date(text) == nil)
    }
}
