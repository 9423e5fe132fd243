import NIOCore
import Testing

@testable import ToolkitWeb

/// The small blobs kept in memory: only small ones, within the capacity, the oldest let go first.
struct SmallBlobsTests {
    private func blob(_ byte: UInt8, _ count: Int) -> ByteBuffer {
        ByteBuffer(repeating: byte, count: count)
    }

    @Test func aKeptBlobIsAnsweredWithItsBytesAndABigOneIsNotKept() {
        let blobs = SmallBlobs(largest: 100, capacity: 1000)
        blobs.keep(blob(1, 100), as: "a")
        blobs.keep(blob(2, 101), as: "b")
        #expect(blobs.bytes("a") == blob(1, 100))
        #expect(blobs.bytes("b") == nil)
        #expect(blobs.bytes("c") == nil)
    }

    @Test func pastTheCapacityTheOldestGoFirst() {
        let blobs = SmallBlobs(largest: 100, capacity: 250)
        blobs.keep(blob(1, 100), as: "a")
        blobs.keep(blob(2, 100), as: "b")
        blobs.keep(blob(3, 100), as: "c")
        #expect(blobs.bytes("a") == nil)
        #expect(blobs.bytes("b") == blob(2, 100))
        #expect(blobs.bytes("c") == blob(3, 100))
        // Kept again, a blob is not counted twice.
        blobs.keep(blob(3, 100), as: "c")
        blobs.keep(blob(4, 50), as: "d")
        #expect(blobs.bytes("b") == blob(2, 100) && blobs.bytes("d") == blob(4, 50))
    }
}
