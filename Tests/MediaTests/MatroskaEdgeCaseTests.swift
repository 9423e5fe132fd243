import FFmpeg
import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// WebM and Matroska as other tools write them: stereo side by side, and EBML headers that say what a reader must
/// know to read them.
@Suite struct MatroskaEdgeCaseTests {
    private let ffmpeg = FFmpeg(configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"])

    /// ffmpeg writes a stereo WebM's display size for one eye (half the width of a side-by-side frame), and reads
    /// it back as the whole frame, as its poster shows: the size recorded is the poster's.
    @Test(arguments: [("left_right", 128, 48), ("top_bottom", 64, 96)])
    func aStereoWebMsSizeIsItsPostersSize(mode: String, width: Int, height: Int) async throws {
        let directory = try TemporaryDirectory()
        let path = try await TestClip.make(
            "stereo.webm",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=10", "-t", "1", "-c:v", "libvpx-vp9",
                "-metadata:s:v:0", "stereo_mode=\(mode)",
            ],
            in: directory)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.width == width && info.height == height, "\(info)")
        let poster = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(
            ofFileAt: path, size: 256, mediaType: MediaType.webm)
        let frame = try MediaInspector().inspect(bytes: poster)
        #expect(frame.width == info.width && frame.height == info.height, "poster \(frame), video \(info)")
    }

    /// The display size of a mono file is still the size shown (an anamorphic DVD's 720 pixels shown as 1024).
    @Test func stereoFactorsFollowFFmpeg() {
        #expect(MatroskaHeader.stereoFactors(0) == (1, 1))
        for mode: UInt64 in [1, 8, 9, 11] { #expect(MatroskaHeader.stereoFactors(mode) == (2, 1)) }
        for mode: UInt64 in [2, 3, 6, 7] { #expect(MatroskaHeader.stereoFactors(mode) == (1, 2)) }
        for mode: UInt64 in [4, 5, 10, 12, 13, 14, 99] { #expect(MatroskaHeader.stereoFactors(mode) == (1, 1)) }
    }

    /// An EBML header whose read versions ask more than ffmpeg reads is refused at import with the reason, where
    /// it used to be accepted and then fail at its poster; versions ffmpeg reads pass.
    @Test(arguments: [
        (UInt32(0x42F7), UInt64(2), "EBML read version 2"), (0x4285, 4, "WebM read version 4"),
        (0x42F2, 8, "element IDs of up to 8 bytes"), (0x42F3, 9, "element sizes of up to 9 bytes"),
    ])
    func anUnreadableEBMLVersionIsRefusedWithTheReason(field: UInt32, value: UInt64, words: String) throws {
        let header = EBMLBuilder.element(
            0x1A45_DFA3, EBMLBuilder.unsigned(field, value) + EBMLBuilder.string(0x4282, "webm"))
        let bytes = EBMLBuilder.file(header: header, tracks: EBMLBuilder.videoTrack(EBMLBuilder.pixels(64, 48)))
        let error = try #require(throws: MediaError.self) { try MediaInspector().inspect(bytes: bytes) }
        #expect(error.code == .notMedia && error.reason == "unsupported-version", "\(error)")
        #expect(error.message.contains("says reading it needs \(words)"), "\(error.message)")
        // The sniffer wants the whole header in the first 64 bytes: the builder's 8-byte sizes fit two fields.
        let readable = EBMLBuilder.element(
            0x1A45_DFA3,
            EBMLBuilder.unsigned(field, field == 0x42F7 ? 1 : field == 0x4285 ? 3 : field == 0x42F2 ? 4 : 8)
                + EBMLBuilder.string(0x4282, "webm"))
        let fine = EBMLBuilder.file(header: readable, tracks: EBMLBuilder.videoTrack(EBMLBuilder.pixels(64, 48)))
        #expect(try MediaInspector().inspect(bytes: fine).width == 64)
    }

    /// ffmpeg itself refuses such a file: a real clip with its DocTypeReadVersion raised to 4.
    @Test func ffmpegRefusesWhatTheReaderRefuses() async throws {
        let directory = try TemporaryDirectory()
        var bytes = try await directory.read(try TestClip.make("clip.webm", codec: "libvpx-vp9", in: directory))
        // ffmpeg writes DocTypeReadVersion (42 85) as one byte: 42 85 81 02.
        let field = try #require(bytes.prefix(64).firstRange(of: [0x42, 0x85, 0x81]))
        bytes[field.upperBound] = 4
        let path = try directory.write("newer.webm", bytes)
        let error = try #require(throws: MediaError.self) { try MediaInspector().inspectNow(fileAt: path) }
        #expect(error.reason == "unsupported-version")
        let probe = try await Command.run("/usr/bin/env", ["ffprobe", "-v", "error", "-show_format", path])
        #expect(probe.status != 0, "ffprobe refuses it too: \(probe.stdout)")
    }
}
