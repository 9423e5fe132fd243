import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite struct MovieHeaderTests {
    @Test(arguments: [
        (UInt8(0), UInt32(600), UInt64(9_000), 15.0),
        (1, 90_000, 5_400_000_000, 60_000.0),  // a 64-bit duration beyond 32 bits
        (0, 1_000, 1_500, 1.5),
    ])
    func durationIsDurationOverTimescale(version: UInt8, timescale: UInt32, duration: UInt64, seconds: Double) throws {
        let bytes = BoxBuilder.movie(
            brand: "mp42", mvhd: BoxBuilder.mvhd(version: version, timescale: timescale, duration: duration),
            tracks: [
                BoxBuilder.trak(handler: "vide", tkhd: BoxBuilder.tkhd(version: version, width: 1920, height: 1080))
            ])
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.durationSeconds == seconds)
        #expect(info.width == 1920 && info.height == 1080)
        #expect(info.orientation == 1)
    }

    /// A header alone is not a video: `ftyp` and `moov` with no `mdat`, or an empty one, are refused as a file
    /// that is not media; an `mdat` cut short (a recording still being written) is still a video.
    @Test func aMovieHeaderWithoutMediaDataIsNotMedia() throws {
        let moov = BoxBuilder.box(
            "moov",
            BoxBuilder.mvhd(version: 0, timescale: 600, duration: 600)
                + BoxBuilder.trak(handler: "vide", tkhd: BoxBuilder.tkhd(version: 0, width: 28_192, height: 29_807)))
        let ftyp = BoxBuilder.ftyp("isom", compatible: ["isom"])
        for bytes in [ftyp + moov, ftyp + BoxBuilder.box("mdat", []) + moov] {
            do {
                _ = try MediaInspector().inspect(bytes: bytes)
                Issue.record("a movie header with no media data was accepted")
            } catch let error as MediaError {
                #expect(error.code == .notMedia && error.reason == "no-image-data", "\(error)")
            }
        }
        var cutShort = ftyp + moov + BoxBuilder.box("mdat", [UInt8](repeating: 0xAA, count: 64))
        cutShort.removeLast(32)
        #expect(try MediaInspector().inspect(bytes: cutShort).width == 28_192)
    }

    @Test func creationTimeIsTheContainerDate() throws {
        // 2024-05-01T00:00:00Z in seconds since 1904
        let created = UInt64(1_714_521_600 + 2_082_844_800)
        let bytes = BoxBuilder.movie(
            brand: "qt  ", mvhd: BoxBuilder.mvhd(version: 0, timescale: 600, duration: 600, created: created),
            tracks: [])
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.takenAt == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(info.takenAtSource == .container)
        #expect(info.width == nil)
    }

    @Test func theVideoTrackIsChosenOverAnEarlierSoundTrack() throws {
        let portrait: (Int32, Int32, Int32, Int32) = (0, 0x10000, -0x10000, 0)
        let bytes = BoxBuilder.movie(
            brand: "isom", mvhd: BoxBuilder.mvhd(version: 0, timescale: 1, duration: 1),
            tracks: [
                BoxBuilder.trak(handler: "soun", tkhd: BoxBuilder.tkhd(width: 0, height: 0)),
                BoxBuilder.trak(handler: "vide", tkhd: BoxBuilder.tkhd(width: 1280, height: 720, matrix: portrait)),
            ])
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.width == 1280 && info.height == 720)
        #expect(info.orientation == 6)
    }

    static func header(size: UInt32, type: String, large: UInt64? = nil) -> [UInt8] {
        var out = ByteWriter()
        out.u32(size)
        out.ascii(type)
        if let large { out.u64(large) }
        return out.bytes
    }

    static let hostile: [(String, [UInt8], String)] = [
        (
            "box size 4 (smaller than its header)", BoxBuilder.ftyp("isom") + header(size: 4, type: "moov"),
            "bad-box-size"
        ),
        ("box larger than the file", BoxBuilder.ftyp("isom") + header(size: 1_000, type: "moov"), "bad-box-size"),
        (
            "size 1 with a huge 64-bit size", BoxBuilder.ftyp("isom") + header(size: 1, type: "mdat", large: .max),
            "bad-box-size"
        ),
        (
            "size 1 with a 64-bit size under 16", BoxBuilder.ftyp("isom") + header(size: 1, type: "mdat", large: 8),
            "bad-box-size"
        ),
        (
            "size 1 past the end", BoxBuilder.ftyp("isom") + header(size: 1, type: "mdat", large: 1 << 40),
            "bad-box-size"
        ),
        (
            "child box past its parent",
            BoxBuilder.ftyp("isom") + BoxBuilder.box("moov", header(size: 500, type: "mvhd")), "bad-box-size"
        ),
        (
            "mvhd cut short",
            BoxBuilder.ftyp("isom") + BoxBuilder.box("moov", BoxBuilder.box("mvhd", [0, 0, 0, 0, 1])), "truncated"
        ),
        (
            "size 0 mdat hides moov",
            BoxBuilder.ftyp("isom") + header(size: 0, type: "mdat") + BoxBuilder.box("moov", []), "no-moov"
        ),
    ]

    @Test(arguments: hostile)
    func hostileBoxesAreRefused(label: String, bytes: [UInt8], reason: String) throws {
        let error = try #require(throws: MediaError.self, "\(label)") { try MediaInspector().inspect(bytes: bytes) }
        #expect(error.code == .notMedia, "\(label)")
        #expect(error.reason == reason, "\(label): \(error)")
    }

    @Test func manyEmptyBoxesAreCapped() throws {
        let bytes =
            BoxBuilder.ftyp("isom") + Array([[UInt8]](repeating: BoxBuilder.box("free", []), count: 5_000).joined())
        expectCode(.notMedia) { try MediaInspector().inspect(bytes: bytes) }
    }

    @Test func aHugeMdatIsSkippedNotRead() async throws {
        // Given a sparse 3 GiB file: ftyp, a 64-bit mdat of 3 GiB, then moov
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("big.mp4")
        let mdatSize: UInt64 = 3 << 30
        let head = BoxBuilder.ftyp("isom") + Self.header(size: 1, type: "mdat", large: mdatSize)
        let moov = BoxBuilder.box(
            "moov",
            BoxBuilder.mvhd(version: 1, timescale: 1000, duration: 3_600_000)
                + BoxBuilder.trak(handler: "vide", tkhd: BoxBuilder.tkhd(width: 3840, height: 2160)))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        _ = head.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        _ = moov.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(UInt64(head.count - 16) + mdatSize)) }
        close(fd)

        // When inspected, Then it has the moov's values, and only a few hundred bytes were read
        // (counted rather than timed: the whole test suite shares two cores)
        let info = try await MediaInspector().inspect(fileAt: path)
        #expect(info.mediaType == MediaType.mp4)
        #expect(info.durationSeconds == 3_600)
        #expect(info.width == 3840 && info.height == 2160)
        #expect(info.takenAtSource == .file)

        let (file, status) = try OpenFile.openRegularForReading(path)
        let counting = CountingByteSource(FileByteSource(file: file, size: Int64(status.st_size)))
        #expect(try MediaInspector().inspect(counting) == MediaInfo(mediaType: MediaType.mp4, copying: info))
        #expect(counting.bytesRead < 4_096, "read \(counting.bytesRead) bytes")
    }
}

/// Counts the bytes a parser asks for.
final class CountingByteSource<Base: ByteSource>: ByteSource {
    let base: Base
    private(set) var bytesRead = 0

    init(_ base: Base) { self.base = base }

    var size: Int64 { base.size }

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        let bytes = try base.read(at: offset, count: count)
        bytesRead += bytes.count
        return bytes
    }
}

extension MediaInfo {
    /// `info` without its file-time fallback, as ``MediaInspector/inspect(_:)`` returns it.
    init(mediaType: String, copying info: MediaInfo) {
        self = info
        self.mediaType = mediaType
        if info.takenAtSource == .file {
            takenAt = nil
            takenAtSource = nil
        }
    }
}
