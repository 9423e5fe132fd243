import NIOConcurrencyHelpers
import NIOCore

/// The bytes of small blobs (thumbnails, posters, short sounds) kept in memory once read, by SHA-256: a grid of
/// thumbnails asked for again (another tab, a scroll back, a second reader) is answered without opening a file. A
/// blob never changes under its hash, so nothing kept can be stale; whether a record still names the blob is
/// asked of the core as before (``MediaLookups``). At most ``capacity`` bytes are kept, and the oldest go first.
final class SmallBlobs: Sendable {
    /// The largest blob kept.
    let largest: Int
    /// The most bytes kept at once.
    let capacity: Int
    private let kept = NIOLockedValueBox<Kept>(Kept())

    private struct Kept {
        var bytes: [String: ByteBuffer] = [:]
        /// The hashes in the order they came, for eviction.
        var order: [String] = []
        var total = 0
    }

    init(largest: Int = 256 * 1024, capacity: Int = 8 << 20) {
        self.largest = largest
        self.capacity = capacity
    }

    /// The blob's bytes when they are kept.
    func bytes(_ sha256: String) -> ByteBuffer? {
        kept.withLockedValue { $0.bytes[sha256] }
    }

    /// Keeps `bytes` as the blob `sha256`'s when they are small enough, letting the oldest go to make room.
    func keep(_ bytes: ByteBuffer, as sha256: String) {
        let count = bytes.readableBytes
        guard count <= largest else { return }
        kept.withLockedValue { kept in
            guard kept.bytes[sha256] == nil else { return }
            while kept.total + count > capacity, !kept.order.isEmpty {
                let oldest = kept.order.removeFirst()
                kept.total -= kept.bytes.removeValue(forKey: oldest)?.readableBytes ?? 0
            }
            kept.bytes[sha256] = bytes
            kept.order.append(sha256)
            kept.total += count
        }
    }
}
