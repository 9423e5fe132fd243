import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// Codecs are named as ffprobe names them, whatever the container calls them: H.263 in 3GP (`s263`), and a
/// Matroska `V_MS/VFW/FOURCC` track by the codec its BITMAPINFOHEADER names.
@Suite struct CodecNamingTests {
    /// ffprobe's name for the first video stream of `path`.
    static func ffprobeCodec(_ path: String) async throws -> String {
        let result = try await Command.run(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of",
                "default=nw=1:nk=1", path,
            ])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A clip ffmpeg writes with `encoder` into `name`'s container, and the name ffprobe gives its codec.
    @Test(arguments: [
        ("phone.3gp", "h263", "h263"), ("lossless.mkv", "ffv1", "ffv1"), ("old.mkv", "msmpeg4", "msmpeg4v3"),
    ])
    func theCodecIsNamedAsFFprobeNamesIt(name: String, encoder: String, expected: String) async throws {
        let directory = try TemporaryDirectory()
        let path = try await TestClip.make(name, codec: encoder, width: 176, height: 144, in: directory)
        await #expect(try Self.ffprobeCodec(path) == expected)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.videoCodec == expected, "\(info)")
        #expect(info.width == 176 && info.height == 144)
    }

    /// ffmpeg writes MPEG-4 part 2 into Matroska as `V_MPEG4/ISO/ASP`; other muxers keep an AVI's XviD as
    /// `V_MS/VFW/FOURCC` with its BITMAPINFOHEADER.
    @Test(arguments: [("XVID", "mpeg4"), ("FMP4", "mpeg4"), ("FFV1", "ffv1"), ("DIV3", "msmpeg4v3")])
    func aVFWTrackIsNamedByTheCodecInside(fourCC: String, expected: String) throws {
        var bitmap = ByteWriter()
        bitmap.raw([40, 0, 0, 0, 0x40, 0, 0, 0, 0x30, 0, 0, 0, 1, 0, 24, 0])  // size, width, height, planes, bits
        bitmap.ascii(fourCC)
        bitmap.raw([UInt8](repeating: 0, count: 20))
        let track = EBMLBuilder.element(
            0xAE,
            EBMLBuilder.unsigned(0xD7, 1) + EBMLBuilder.unsigned(0x83, 1) + EBMLBuilder.string(0x86, "V_MS/VFW/FOURCC")
                + EBMLBuilder.element(0x63A2, bitmap.bytes) + EBMLBuilder.element(0xE0, EBMLBuilder.pixels(64, 48)))
        let info = try MediaInspector().inspect(
            bytes: EBMLBuilder.file(header: EBMLBuilder.header(docType: "matroska"), tracks: track))
        #expect(info.videoCodec == expected)
        // Without its BITMAPINFOHEADER the codec is not known.
        let bare = EBMLBuilder.videoTrack(codec: "V_MS/VFW/FOURCC", EBMLBuilder.pixels(64, 48))
        let unknown = try MediaInspector().inspect(
            bytes: EBMLBuilder.file(header: EBMLBuilder.header(docType: "matroska"), tracks: bare))
        #expect(unknown.videoCodec == nil)
    }
}
