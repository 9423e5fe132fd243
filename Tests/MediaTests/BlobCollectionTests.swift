import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite struct BlobCollectionTests {
    @Test func aTempFileLeftByACrashIsSwept() async throws {
        // Given temp files left by a dead process (pid 999999 does not exist) and by this one
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        try scratch.write("blobs/tmp/999999-123.part", [1, 2, 3])
        try scratch.write("blobs/tmp/garbage", [1])
        let live = try await store.stage(bytes: [4, 5, 6])
        let writer = try store.makeWriter()
        try writer.write([7])

        // When swept
        let removed = try await store.sweepTemporaries()

        // Then only the crash's leftovers went; this process's work in progress stays
        #expect(removed == 2)
        #expect(scratch.files(under: "blobs/tmp").count == 2)
        _ = try await store.publish(live)
        writer.discard()
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func namedRemovalKeepsBlobsInFlightOrImportedAgainMeanwhile() async throws {
        // Given a released blob, one still in flight, and one whose bytes are imported again while the
        // removal reads the references (as a concurrent photos.import of the same file would)
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let released = try await store.publish(try await store.stage(bytes: [1]))
        released.release()
        let inFlight = try await store.publish(try await store.stage(bytes: [2]))
        let reimported = try await store.publish(try await store.stage(bytes: [3]))
        reimported.release()

        // When a delete removes all three as unreferenced
        let removed = try await store.removeUnreferenced([
            released.sha256, inFlight.sha256, reimported.sha256, "../../etc",
        ]) {
            let again = try await store.publish(try await store.stage(bytes: [3]))
            again.release()
            return []
        }

        // Then only the first goes
        #expect(removed == 1)
        #expect(try !store.contains(released.sha256))
        #expect(try store.contains(inFlight.sha256))
        #expect(try store.contains(reimported.sha256))
        inFlight.release()
    }

    @Test func aTempOfAnotherLiveProcessIsKept() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        try scratch.write("blobs/tmp/1-77.part", [1])  // pid 1 is always alive
        #expect(try await store.sweepTemporaries() == 0)
    }

    @Test func unreferencedBlobsAreCollectedAndReferencedOnesKept() async throws {
        // Given three published blobs, one referenced, and a stray file in the tree
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        var blobs: [Blob] = []
        for byte in [UInt8(1), 2, 3] {
            let blob = try await store.publish(try await store.stage(bytes: [UInt8](repeating: byte, count: 100)))
            blob.release()
            blobs.append(blob)
        }
        try scratch.write("blobs/sha256/zz/not-a-blob", [0])

        // When collected keeping the first
        let result = try await store.collectGarbage(keeping: [blobs[0].sha256])

        // Then two went, with their bytes counted, and the stray file is untouched
        #expect(result.removed == 2 && result.bytes == 200)
        #expect(try await store.allBlobHashes() == [blobs[0].sha256])
        #expect(FileManager.default.fileExists(atPath: scratch.appending("blobs/sha256/zz/not-a-blob")))
    }

    @Test func inFlightBlobsAreNotCollected() async throws {
        // Given an existing unreferenced blob and a new import of the same bytes (staged, then published)
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let old = try await store.publish(try await store.stage(bytes: [42]))
        old.release()
        let staged = try await store.stage(bytes: [42])

        // When collected while staged, and again after publish but before release
        #expect(try await store.collectGarbage(keeping: []).removed == 0)
        let blob = try await store.publish(staged)
        #expect(blob.alreadyStored)
        #expect(try await store.collectGarbage(keeping: []).removed == 0)
        #expect(try await store.remove(blob.sha256) == false)

        // Then once released it may go
        blob.release()
        #expect(try await store.collectGarbage(keeping: []).removed == 1)
        #expect(try await store.remove(blob.sha256) == false)
    }

    @Test func aLeaseReleasedDuringACollectionIsKept() async throws {
        // Given an import that commits and releases while the collector reads the database
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let blob = try await store.publish(try await store.stage(bytes: [7, 7]))

        // When the referenced set was read before the commit, and the lease ends after that read
        let result = try await store.collectGarbage(keeping: {
            let snapshot: Set<String> = []  // the row is not committed yet
            blob.release()  // the import commits and releases
            return snapshot
        })

        // Then the blob survives this collection
        #expect(result.removed == 0)
        #expect(try store.contains(blob.sha256))
    }

    @Test func removeDeletesAReleasedBlob() async throws {
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))
        let blob = try await store.publish(try await store.stage(bytes: [5]))
        blob.release()
        #expect(try await store.remove(blob.sha256))
        #expect(try !store.contains(blob.sha256))
    }
}
