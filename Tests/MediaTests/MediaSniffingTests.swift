import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite struct MediaSniffingTests {
    /// Each supported kind, named by its content only (the fixtures are real files made by ImageMagick).
    static let fixtures: [(String, String, Int, Int)] = [
        ("landscape-64x32.jpg", MediaType.jpeg, 64, 32),
        ("tiny-24x12.png", MediaType.png, 24, 12),
        ("tiny-20x10.gif", MediaType.gif, 20, 10),
        ("tiny-30x14.webp", MediaType.webp, 30, 14),
        ("lossless-30x14.webp", MediaType.webp, 30, 14),
        ("alpha-30x14.webp", MediaType.webp, 30, 14),
        ("tiny-48x32.heic", MediaType.heic, 48, 32),
    ]

    @Test(arguments: fixtures)
    func realFilesAreRecognisedWithTheirSize(name: String, mediaType: String, width: Int, height: Int) throws {
        // Given a real file's bytes, When inspected
        let info = try MediaInspector().inspect(bytes: try Fixtures.bytes(name))

        // Then the type and stored size match what ImageMagick wrote
        #expect(info.mediaType == mediaType)
        #expect(info.width == width)
        #expect(info.height == height)
        #expect(info.durationSeconds == nil)
    }

    static let movies: [(String?, String)] = [
        ("isom", MediaType.mp4), ("mp42", MediaType.mp4), ("avc1", MediaType.mp4), ("qt  ", MediaType.quickTime),
        (nil, MediaType.quickTime),
    ]

    @Test(arguments: movies)
    func moviesAreNamedByBrandOrFirstBox(brand: String?, mediaType: String) throws {
        let bytes = BoxBuilder.movie(
            brand: brand, mvhd: BoxBuilder.mvhd(version: 0, timescale: 600, duration: 1_800),
            tracks: [BoxBuilder.trak(handler: "vide", tkhd: BoxBuilder.tkhd(width: 320, height: 240))])
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.mediaType == mediaType)
        #expect(info.durationSeconds == 3)
    }

    @Test func mediaTypeOfPrefixNeedsOnlyTheFirstBytes() throws {
        let jpeg = try Fixtures.bytes("landscape-64x32.jpg")
        #expect(try MediaInspector.mediaType(ofPrefix: Array(jpeg.prefix(8))) == MediaType.jpeg)
    }

    static let refusals: [(String, [UInt8], String)] = [
        ("empty", [], "empty"),
        ("text", Array("hello, this is a diary entry, not a photo\n".utf8), "unknown-format"),
        ("png signature only", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "truncated"),
        (
            "jpeg magic then garbage",
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0, 0] + pseudoRandomBytes(200, seed: 7).map { $0 & 0x7F }, "bad-marker"
        ),
        (
            "jpeg magic then a huge segment", [0xFF, 0xD8, 0xFF, 0x47, 0x44, 0x1F] + pseudoRandomBytes(200, seed: 7),
            "truncated"
        ),
        ("jpeg cut before frame", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46], "truncated"),
        ("jpeg scan without frame", [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02], "no-frame-header"),
        ("jpeg zero-length segment", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0, 0], "bad-segment"),
        ("gif header only", Array("GIF89a".utf8), "truncated"),
        ("gif zero width", Array("GIF89a".utf8) + [0, 0, 5, 0], "bad-dimensions"),
        // A header alone is not an image: these declare sizes their few bytes cannot hold.
        ("gif header only, 28192×29807", Array("GIF89a not a GIF!\n".utf8), "no-image-data"),
        (
            "png header only",
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0, 0, 0x10, 0, 0, 0, 0x10, 0, 8, 2, 0, 0, 0, 0, 0, 0, 0], "no-image-data"
        ),
        (
            "jpeg frame header only, 20000×20000",
            [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0x4E, 0x20, 0x4E, 0x20, 1, 1, 0x11, 0], "no-image-data"
        ),
        (
            "webp lossless header only",
            Array("RIFF".utf8) + [0xF0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [
                0xE0, 0, 0, 0, 0x2F, 0xFF, 0xFF, 0xFF, 0x0F,
            ]
                + [UInt8](repeating: 0, count: 5), "no-image-data"
        ),
        (
            "webp unknown chunk",
            Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPABCD".utf8) + [UInt8](repeating: 0, count: 18), "bad-header"
        ),
        ("avif brand", BoxBuilder.ftyp("avif", compatible: ["mif1", "avif"]), "unsupported-brand"),
        ("m4a audio", BoxBuilder.ftyp("M4A ", compatible: ["M4A "]), "unsupported-brand"),
        ("mp4 without moov", BoxBuilder.ftyp("isom") + BoxBuilder.box("mdat", [1, 2, 3]), "no-moov"),
        ("heic without meta", BoxBuilder.ftyp("heic") + BoxBuilder.box("mdat", [1, 2, 3]), "no-meta"),
    ]

    @Test(arguments: refusals)
    func brokenOrForeignContentIsRefusedWithAReason(label: String, bytes: [UInt8], reason: String) throws {
        let error = try #require(throws: MediaError.self, "\(label)") { try MediaInspector().inspect(bytes: bytes) }
        #expect(error.code == .notMedia, "\(label)")
        #expect(error.reason == reason, "\(label): \(error)")
        if reason == "no-image-data" {
            #expect(error.message == ContentSniffer.unknownContentMessage, "\(label): as a file of unknown content")
        }
    }

    @Test func theFuzzCorpusHeaderOnlyGIFIsRefused() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/fuzz-media")
        let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent("header-only-28192x29807.gif")))
        #expect(bytes.count == 18)
        let error = try #require(throws: MediaError.self) { try MediaInspector().inspect(bytes: bytes) }
        #expect(error.reason == "no-image-data")
    }

    @Test func everyTruncationOfEveryFixtureThrowsOrSucceedsWithoutCrashing() throws {
        // Given every prefix of every real fixture (and of built movies)
        var samples = try Self.fixtures.map { try Fixtures.bytes($0.0) }
        samples.append(
            BoxBuilder.heic(
                width: 10, height: 20, rotation: 1,
                exifTIFF: EXIFBuilder(dateTimeOriginal: "2024:01:02 03:04:05").tiff()))
        samples.append(
            BoxBuilder.movie(
                brand: "isom", mvhd: BoxBuilder.mvhd(version: 1, timescale: 1000, duration: 5000),
                tracks: [BoxBuilder.trak(handler: "vide", tkhd: BoxBuilder.tkhd(width: 2, height: 2))]))
        for sample in samples {
            for length in 0..<sample.count {
                // Then each either parses or throws notMedia: no crash, no other error
                do {
                    _ = try MediaInspector().inspect(bytes: Array(sample.prefix(length)))
                } catch let error as MediaError {
                    #expect(error.code == .notMedia)
                }
            }
        }
    }

    @Test func randomCorruptionNeverCrashes() throws {
        let originals = try Self.fixtures.map { try Fixtures.bytes($0.0) }
        for (index, original) in originals.enumerated() {
            for round in 0..<200 {
                var bytes = original
                let noise = pseudoRandomBytes(8, seed: UInt64(index * 1_000 + round + 1))
                for step in 0..<4 {
                    let position = 2 + Int(noise[2 * step]) * (bytes.count - 2) / 256
                    bytes[position] = noise[2 * step + 1]
                }
                do { _ = try MediaInspector().inspect(bytes: bytes) } catch let error as MediaError {
                    #expect(error.code == .notMedia)
                }
            }
        }
    }
}
