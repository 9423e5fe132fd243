import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite struct ThumbnailerTests {
    /// The stored size of a JPEG, read by the inspector (an independent check of libvips's output).
    static func size(_ jpeg: [UInt8]) throws -> (Int?, Int?, String) {
        let info = try MediaInspector().inspect(bytes: jpeg)
        return (info.width, info.height, info.mediaType)
    }

    @Test(arguments: [
        ("landscape-64x32.jpg", MediaType.jpeg, 16, 16, 8),
        ("landscape-64x32.jpg", MediaType.jpeg, 32, 32, 16),
        ("landscape-64x32.jpg", MediaType.jpeg, 4_096, 64, 32),  // clamped to 2048, never enlarged
        ("landscape-64x32.jpg", MediaType.jpeg, 1, 16, 8),  // clamped up to 16
        ("tiny-24x12.png", MediaType.png, 16, 16, 8),
        ("tiny-20x10.gif", MediaType.gif, 2_048, 20, 10),
        ("tiny-30x14.webp", MediaType.webp, 16, 16, 7),
    ])
    func theLongestSideIsTheSizeAndSmallImagesAreNotEnlarged(
        name: String, mediaType: String, size: Int, width: Int, height: Int
    ) async throws {
        let jpeg = try await Thumbnailer().thumbnail(ofFileAt: Fixtures.path(name), size: size, mediaType: mediaType)
        let (w, h, type) = try Self.size(jpeg)
        #expect(type == MediaType.jpeg)
        #expect(w == width && h == height)
    }

    @Test func orientationSixIsTurnedUpright() async throws {
        // Given a 64×32 JPEG whose EXIF says "turn 90° clockwise to display"
        let scratch = try TemporaryDirectory()
        let jpeg = EXIFBuilder(orientation: 6).spliced(into: try Fixtures.bytes("landscape-64x32.jpg"))
        let path = try scratch.write("rotated.jpg", jpeg)
        #expect(try MediaInspector().inspect(bytes: jpeg).orientation == 6)

        // When thumbnailed, Then width and height are swapped and no orientation is left behind
        let thumbnail = try await Thumbnailer().thumbnail(ofFileAt: path, size: 32, mediaType: MediaType.jpeg)
        let info = try MediaInspector().inspect(bytes: thumbnail)
        #expect(info.width == 16 && info.height == 32)
        #expect(info.orientation == nil || info.orientation == 1)
    }

    @Test(arguments: [MediaType.mp4, MediaType.quickTime, MediaType.heic])
    func videosAndHEICAreUnsupportedWithAReason(mediaType: String) async throws {
        let error = try await #require(throws: MediaError.self) {
            try await Thumbnailer().thumbnail(
                ofFileAt: Fixtures.path("tiny-48x32.heic"), size: 64, mediaType: mediaType)
        }
        #expect(error.code == .thumbnailUnsupported)
        #expect(error.message.contains(mediaType == MediaType.heic ? "HEIF" : "video"))
    }

    @Test func aCorruptJPEGIsAnErrorWithLibvipsMessage() async throws {
        // Given a JPEG cut in the middle of its data, and one whose data is noise
        let scratch = try TemporaryDirectory()
        let good = try Fixtures.bytes("landscape-64x32.jpg")
        let cut = try scratch.write("cut.jpg", Array(good.prefix(good.count / 2)))
        let noise = try scratch.write("noise.jpg", [0xFF, 0xD8, 0xFF] + pseudoRandomBytes(2_000, seed: 3))
        for path in [cut, noise] {
            let error = try await #require(throws: MediaError.self) {
                try await Thumbnailer().thumbnail(ofFileAt: path, size: 64, mediaType: MediaType.jpeg)
            }
            #expect(error.code == .notMedia)
            #expect(error.message.count > "could not make a thumbnail of \(path): ".count, "\(error.message)")
        }
        // And libvips still works afterwards
        _ = try await Thumbnailer().thumbnail(
            ofFileAt: Fixtures.path("tiny-24x12.png"), size: 16, mediaType: MediaType.png)
    }

    @Test func aDirectoryIsUnreadable() async throws {
        let scratch = try TemporaryDirectory()
        await expectCodeAsync(.unreadable) {
            try await Thumbnailer().thumbnail(ofFileAt: scratch.path, size: 64, mediaType: MediaType.jpeg)
        }
    }
}
