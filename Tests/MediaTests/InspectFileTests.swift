import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite struct InspectFileTests {
    @Test func withoutExifTheFileTimeIsUsed() async throws {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write("photo.bin", try Fixtures.bytes("tiny-24x12.png"), mtime: 1_600_000_000)
        let info = try await MediaInspector().inspect(fileAt: path)
        #expect(info.mediaType == MediaType.png)
        #expect(info.takenAt == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(info.takenAtSource == .file)
    }

    @Test func exifBeatsTheFileTime() async throws {
        let scratch = try TemporaryDirectory()
        let jpeg = EXIFBuilder(dateTimeOriginal: "2021:06:07 08:09:10").spliced(
            into: try Fixtures.bytes("landscape-64x32.jpg"))
        let path = try scratch.write("named-like-a.png", jpeg)
        let info = try await MediaInspector().inspect(fileAt: path)
        #expect(info.mediaType == MediaType.jpeg)
        #expect(info.takenAtSource == .exif)
    }

    @Test func aDirectoryAFifoAndAMissingPathAreUnreadable() async throws {
        let scratch = try TemporaryDirectory()
        let fifo = scratch.appending("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, words) in [
            (scratch.path, "directory"), (fifo, "FIFO"), (scratch.appending("missing.jpg"), "No such file"),
        ] {
            let error = try await #require(throws: MediaError.self) { try await MediaInspector().inspect(fileAt: path) }
            #expect(error.code == .unreadable)
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test func aBrokenFileNamesItsPath() async throws {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write("broken.jpg", [0xFF, 0xD8, 0xFF, 0xDA, 0, 2])
        let error = try await #require(throws: MediaError.self) { try await MediaInspector().inspect(fileAt: path) }
        #expect(error.code == .notMedia)
        #expect(error.path == path)
    }
}
