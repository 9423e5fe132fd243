import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// MP4s as phones, cameras and streaming tools write them beside the plain kind: fragmented (`moof`), with an
/// empty placeholder `mdat` first, or of sound alone. Each clip is made by ffmpeg, then changed where ffmpeg
/// cannot write the class.
@Suite struct FragmentedMovieTests {
    /// A 3-second H.264 clip in fragments of one second (a keyframe each), with its `moov` written before any.
    static func fragmentedClip(in directory: TemporaryDirectory) throws -> String {
        try TestClip.make(
            "fragmented.mp4",
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "3", "-c:v", "libx264", "-pix_fmt",
                "yuv420p", "-g", "10", "-movflags", "frag_keyframe+empty_moov",
            ],
            in: directory)
    }

    /// The top-level boxes of `bytes`: type, offset and size.
    static func topLevel(_ bytes: [UInt8]) -> [(type: String, offset: Int, size: Int)] {
        var boxes: [(String, Int, Int)] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8 else { break }
            boxes.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), offset, size))
            offset += size
        }
        return boxes
    }

    @Test func aFragmentedMovieLastsWhatItsFragmentsHold() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.fragmentedClip(in: directory)
        let bytes = try directory.read(path)
        #expect(Self.topLevel(bytes).filter { $0.type == "moof" }.count == 3, "three fragments")
        let info = try MediaInspector().inspectNow(fileAt: path)
        let duration = try #require(info.durationSeconds)
        #expect(abs(duration - 3) < 0.05, "not the empty moov's 0: \(duration)")
        #expect(info.width == 64 && info.height == 48 && info.videoCodec == "h264")
        #expect(info.frameRate == 10, "30 samples in the fragments over 3 s")
        // ffprobe agrees.
        await #expect(abs((try Self.ffprobeDuration(path)) - duration) < 0.05)
    }

    /// Cut after its second fragment, the movie lasts two seconds, whatever its header expected (`mehd`).
    @Test func aFragmentedMovieCutShortLastsWhatIsLeftNotWhatMehdClaims() throws {
        let directory = try TemporaryDirectory()
        let bytes = try directory.read(try Self.fragmentedClip(in: directory))
        let claimed = Self.insertingMehd(seconds: 60, timescale: 1_000, into: bytes)
        let whole = try MediaInspector().inspect(bytes: claimed)
        #expect(abs((whole.durationSeconds ?? 0) - 3) < 0.05, "mehd says 60, the fragments 3: \(whole)")
        let boxes = Self.topLevel(claimed)
        let secondMdat = try #require(boxes.filter { $0.type == "mdat" }.dropFirst().first)
        let cut = Array(claimed.prefix(secondMdat.offset + secondMdat.size))
        let info = try MediaInspector().inspect(bytes: cut)
        #expect(abs((info.durationSeconds ?? 0) - 2) < 0.05, "\(info)")
    }

    /// Fragments claiming the most samples of the longest durations, from the last decode time there is: the sums
    /// saturate, nothing overflows, the file is read.
    @Test func fragmentsClaimingTheMostOfEverythingDoNotOverflow() throws {
        var mdhd = ByteWriter()
        mdhd.raw([UInt8](repeating: 0, count: 8))  // created, modified
        mdhd.u32(1)  // timescale
        mdhd.u32(0)
        mdhd.u32(0)  // language, pre-defined
        let track = BoxBuilder.box(
            "trak",
            BoxBuilder.tkhd(width: 64, height: 48)
                + BoxBuilder.box("mdia", BoxBuilder.hdlr("vide") + BoxBuilder.fullBox("mdhd", version: 0, mdhd.bytes)))
        var trex = ByteWriter()
        for value: UInt32 in [1, 1, .max, 0, 0] { trex.u32(value) }
        let mvex = BoxBuilder.box("mvex", BoxBuilder.fullBox("trex", version: 0, trex.bytes))
        var tfhd = ByteWriter()
        tfhd.u32(1)
        var trun = ByteWriter()
        trun.u32(.max)
        var tfdt = ByteWriter()
        tfdt.u64(.max - 1)
        let traf = BoxBuilder.box(
            "traf",
            BoxBuilder.fullBox("tfhd", version: 0, tfhd.bytes) + BoxBuilder.fullBox("tfdt", version: 1, tfdt.bytes)
                + BoxBuilder.fullBox("trun", version: 0, trun.bytes)
                + BoxBuilder.fullBox("trun", version: 0, trun.bytes))
        let moov = BoxBuilder.box(
            "moov", BoxBuilder.mvhd(version: 0, timescale: 1, duration: 0) + track + mvex)
        let bytes =
            BoxBuilder.ftyp("isom", compatible: ["isom"]) + moov + BoxBuilder.box("moof", traf + traf)
            + BoxBuilder.box("mdat", [1, 2, 3, 4])
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.width == 64 && info.height == 48)
        #expect(info.durationSeconds == 0, "a saturated end is no length: the header's 0 stays")
    }

    /// Some writers leave an empty `mdat` first and put the media in a later one: ffmpeg's own `free` box, renamed,
    /// makes one without moving a byte.
    @Test func anEmptyFirstMdatIsNotAHeaderOnlyFile() async throws {
        let directory = try TemporaryDirectory()
        var bytes = try directory.read(
            try TestClip.make("plain.mp4", codec: "libx264", pixelFormat: "yuv420p", in: directory))
        let free = try #require(Self.topLevel(bytes).first { $0.type == "free" && $0.size == 8 })
        #expect(
            Self.topLevel(bytes).firstIndex { $0.type == "free" }! < Self.topLevel(bytes).firstIndex {
                $0.type == "mdat"
            }!)
        bytes.replaceSubrange(free.offset + 4..<free.offset + 8, with: Array("mdat".utf8))
        let path = try directory.write("placeholder.mp4", bytes)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.width == 64 && info.height == 48 && info.videoCodec == "h264")
        await #expect(abs((try Self.ffprobeDuration(path)) - 1) < 0.05, "ffmpeg reads it")
        // An empty mdat and nothing after it is still no video.
        let headerOnly =
            Array(bytes.prefix(free.offset + 8))
            + Array(bytes[(Self.topLevel(bytes).first { $0.type == "moov" }!.offset)...])
        let refused = try #require(throws: MediaError.self) { try MediaInspector().inspect(bytes: headerOnly) }
        #expect(refused.reason == "no-image-data", "\(refused)")
    }

    /// An MP4 of sound only is no video: refused at once with what it holds, not kept as a video with no size
    /// and a poster that always fails.
    @Test func anMP4OfSoundOnlyIsRefusedSayingSo() throws {
        let directory = try TemporaryDirectory()
        let path = try TestClip.make(
            "voice.mp4", arguments: ["-f", "lavfi", "-i", "sine", "-t", "1", "-c:a", "aac"], in: directory)
        let error = try #require(throws: MediaError.self) { try MediaInspector().inspectNow(fileAt: path) }
        #expect(error.code == .notMedia && error.reason == "no-video", "\(error)")
        #expect(error.message.contains("holds only sound (aac), no video"), "\(error.message)")
    }

    /// `bytes` with a `mehd` box claiming `seconds` added to `moov/mvex`, the two boxes' sizes grown to hold it.
    /// Fragments address their data from their own `moof`, so moving them does no harm.
    static func insertingMehd(seconds: UInt32, timescale: UInt32, into bytes: [UInt8]) -> [UInt8] {
        func grow(_ bytes: inout [UInt8], sizeAt offset: Int, by count: Int) {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } + count
            bytes.replaceSubrange(
                offset..<offset + 4, with: (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) })
        }
        var out = bytes
        let moov = topLevel(bytes).first { $0.type == "moov" }!
        let mvex = out[moov.offset..<moov.offset + moov.size].firstRange(of: Array("mvex".utf8))!.lowerBound - 4
        let units = seconds * timescale
        let mehd: [UInt8] =
            [0, 0, 0, 16] + Array("mehd".utf8) + [0, 0, 0, 0]
            + (0..<4).map {
                UInt8(truncatingIfNeeded: units >> (24 - 8 * UInt32($0)))
            }
        out.insert(contentsOf: mehd, at: mvex + 8)
        grow(&out, sizeAt: mvex, by: mehd.count)
        grow(&out, sizeAt: moov.offset, by: mehd.count)
        return out
    }

    /// What ffprobe gives as the file's duration.
    static func ffprobeDuration(_ path: String) async throws -> Double {
        let result = try await Command.run(
            "/usr/bin/env",
            ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path])
        return try #require(Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
    }
}
