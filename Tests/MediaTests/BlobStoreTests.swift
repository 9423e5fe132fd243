import Hashing
import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite struct BlobStoreTests {
    /// The oracle: `sha256sum`'s view of the bytes, computed independently of the store.
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: [0, 1, (1 << 20) - 1, 1 << 20, (3 << 20) + 17])
    func aFileRoundTripsToItsHashPath(size: Int) async throws {
        // Given a file of `size` bytes (around the 1 MiB read size)
        let scratch = try TemporaryDirectory()
        let bytes = pseudoRandomBytes(size, seed: UInt64(size + 1))
        let source = try scratch.write("in.jpg", bytes)
        let store = try BlobStore(root: scratch.appending("blobs"))

        // When staged and published
        let staged = try await store.stage(fileAt: source)
        let blob = try await store.publish(staged)
        blob.release()

        // Then it sits at sha256/ab/abcd… with the same bytes, and no temp file is left
        let hash = Self.sha256Hex(bytes)
        #expect(staged.sha256 == hash)
        #expect(blob.size == Int64(size))
        #expect(blob.path == scratch.appending("blobs/sha256/\(hash.prefix(2))/\(hash)"))
        #expect(try scratch.read(blob.path) == bytes)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
        #expect(try store.contains(hash))
        #expect(!blob.alreadyStored)
        var info = stat()
        #expect(stat(blob.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(scratch.appending("blobs/sha256"), &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func aFileInsideTheTempDirectoryIsMovedInAndOneElsewhereIsCopied() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        // An upload as toolkit web stages it: a folder of its own in blobs/tmp, the file readable by others.
        let bytes = pseudoRandomBytes((2 << 20) + 5, seed: 7)
        let upload = try scratch.write("blobs/tmp/web-upload-1/clip.mp4", bytes)
        chmod(upload, 0o644)
        let moved = try await store.publish(try await store.stage(fileAt: upload))
        moved.release()
        #expect(moved.sha256 == Self.sha256Hex(bytes))
        #expect(try scratch.read(moved.path) == bytes)
        #expect(!FileManager.default.fileExists(atPath: upload), "the staged upload became the blob")
        var info = stat()
        #expect(stat(moved.path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        // A file outside, or one in blobs/tmp with another link (a user's hard link), is copied and kept.
        let outside = try scratch.write("photo.jpg", pseudoRandomBytes(1000, seed: 8))
        let linkedInside = scratch.appending("blobs/tmp/web-upload-2/photo.jpg")
        try FileManager.default.createDirectory(
            atPath: scratch.appending("blobs/tmp/web-upload-2"), withIntermediateDirectories: false)
        #expect(link(outside, linkedInside) == 0)
        for path in [outside, linkedInside] {
            let copied = try await store.publish(try await store.stage(fileAt: path))
            copied.release()
            #expect(FileManager.default.fileExists(atPath: path), "\(path) is kept")
        }
        #expect(try scratch.read(outside) == pseudoRandomBytes(1000, seed: 8))
    }

    @Test func aFileInsideTheTempDirectoryThatIsDiscardedIsGone() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let upload = try scratch.write("blobs/tmp/web-upload-1/clip.mp4", pseudoRandomBytes(4096, seed: 9))
        store.discard(try await store.stage(fileAt: upload))
        #expect(!FileManager.default.fileExists(atPath: upload))
        #expect(try await store.allBlobHashes().isEmpty)
    }

    @Test func theSameContentTwiceIsOneFile() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let bytes = Array("same bytes".utf8)
        let first = try await store.publish(try await store.stage(bytes: bytes))
        let second = try await store.publish(try await store.stage(bytes: bytes))
        #expect(first.sha256 == second.sha256)
        #expect(!first.alreadyStored && second.alreadyStored)
        #expect(scratch.files(under: "blobs/sha256").count == 1)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
        #expect(try await store.allBlobHashes() == [first.sha256])
    }

    @Test func aBatchPublishesEveryBlob() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let contents = (0..<10).map { pseudoRandomBytes(1000, seed: UInt64($0 + 1)) }
        var staged: [StagedBlob] = []
        for bytes in contents { staged.append(try await store.stage(bytes: bytes)) }
        let blobs = try await store.publish(staged)
        #expect(Set(try await store.allBlobHashes()) == Set(contents.map(Self.sha256Hex)))
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
        for (blob, bytes) in zip(blobs, contents) { #expect(try scratch.read(blob.path) == bytes) }
    }

    @Test func streamingWriterMatchesOneShotStaging() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let bytes = pseudoRandomBytes(100_000, seed: 42)
        let writer = try store.makeWriter()
        for start in stride(from: 0, to: bytes.count, by: 7_777) {
            try writer.write(Array(bytes[start..<min(bytes.count, start + 7_777)]))
        }
        let staged = try writer.finish()
        #expect(staged.sha256 == Self.sha256Hex(bytes))
        #expect(staged.size == 100_000)
        expectCode(.invalidArgument) { try writer.write([1]) }
        store.discard(staged)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
        #expect(try await store.allBlobHashes().isEmpty)
    }

    @Test func aWriterPastItsLimitStopsAndCleansUp() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let writer = try store.makeWriter(limit: 10)
        try writer.write([UInt8](repeating: 1, count: 10))
        let error = try #require(throws: MediaError.self) { try writer.write([1]) }
        #expect(error.code == .tooLarge && error.limit == 10)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)

        let source = try scratch.write("big", [UInt8](repeating: 0, count: 11))
        await expectCodeAsync(.tooLarge) { try await store.stage(fileAt: source, limit: 10) }
    }

    @Test func droppingAStagedBlobDeletesItsTempFile() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        do {
            let staged = try await store.stage(bytes: [1, 2, 3])
            #expect(scratch.files(under: "blobs/tmp").count == 1)
            #expect(store.isInFlight(staged.sha256))
        }
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func publishingTwiceOrAfterDiscardIsRefused() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let staged = try await store.stage(bytes: [9])
        _ = try await store.publish(staged)
        await expectCodeAsync(.invalidArgument) { try await store.publish(staged) }
        let other = try await store.stage(bytes: [8])
        store.discard(other)
        await expectCodeAsync(.invalidArgument) { try await store.publish(other) }
    }

    @Test func nonRegularSourcesAreUnreadable() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        await expectCodeAsync(.unreadable) { try await store.stage(fileAt: scratch.path) }
        await expectCodeAsync(.unreadable) { try await store.stage(fileAt: scratch.appending("nope")) }
    }

    static let badNames = [
        "", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "a", count: 63),
        String(repeating: "a", count: 65), String(repeating: "a", count: 62) + "/x", String(repeating: "g", count: 64),
        String(repeating: "a", count: 63) + "\u{0}",
    ]

    @Test(arguments: badNames)
    func malformedHashesAreRefusedBeforeAnyPathIsBuilt(name: String) async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        expectCode(.invalidArgument) { try store.path(of: name) }
        expectCode(.invalidArgument) { try store.contains(name) }
        await expectCodeAsync(.invalidArgument) { try await store.remove(name) }
    }
}
