import Foundation
import Synchronization

/// A ``ZstdDecompressor`` running on a thread of its own, a few chunks ahead of its reader, so that
/// decompression and what is done with the output (writing files, hashing) use two cores.
///
/// Errors from the decompressor (corruption, truncation, the ratio limit) surface from ``read(into:)``.
/// Dropping it stops the thread. Not `Sendable`: one thread reads it.
package final class ThreadedDecompressor: ByteSource {
    private let channel: BoundedChannel<[UInt8]>
    private let consumed: Counter
    private var current: [UInt8] = []
    private var position = 0

    /// Starts decompressing `source` on a new thread.
    /// - Parameters:
    ///   - maxRatio: as for ``ZstdDecompressor``.
    ///   - chunkSize: bytes per chunk handed over.
    ///   - depth: chunks decompressed ahead at most.
    package init(
        source: some ByteSource & AnyObject, maxRatio: Int, ratioGrace: Int64, chunkSize: Int = 256 << 10,
        depth: Int = 8
    ) throws {
        let decompressor = try ZstdDecompressor(source: source, maxRatio: maxRatio, ratioGrace: ratioGrace)
        let channel = BoundedChannel<[UInt8]>(capacity: depth)
        let consumed = Counter()
        self.channel = channel
        self.consumed = consumed
        let owned = Handoff(decompressor)
        Thread {
            let zstd = owned.value
            do {
                while true {
                    var chunk = [UInt8](repeating: 0, count: chunkSize)
                    var filled = 0
                    try chunk.withUnsafeMutableBytes { buffer in
                        while filled < buffer.count {
                            let count = try zstd.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                            if count == 0 { break }
                            filled += count
                        }
                    }
                    consumed.value.store(zstd.bytesIn, ordering: .relaxed)
                    if filled == 0 { break }
                    if filled < chunk.count { chunk.removeSubrange(filled...) }
                    guard channel.sendBlocking(chunk) else { return }
                }
                channel.finish()
            } catch {
                channel.finish(throwing: error)
            }
        }.start()
    }

    deinit { channel.cancel() }

    /// Compressed bytes consumed so far (approximately, for progress).
    package var bytesIn: Int64 { consumed.value.load(ordering: .relaxed) }

    /// Copies decompressed bytes into `buffer`; 0 at the end of the stream.
    /// - Throws: the decompressor's `ArchiveError`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !buffer.isEmpty else { return 0 }
        if position == current.count {
            guard let next = try channel.receiveBlocking() else { return 0 }
            current = next
            position = 0
        }
        let count = min(buffer.count, current.count - position)
        current.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + position, byteCount: count)
        }
        position += count
        return count
    }

    private final class Counter: Sendable {
        let value = Atomic<Int64>(0)
    }

    /// Hands the decompressor to the thread that alone uses it from then on.
    ///
    /// `@unchecked Sendable`: the initializer never touches `value` after creating the box.
    private final class Handoff: @unchecked Sendable {
        let value: ZstdDecompressor
        init(_ value: ZstdDecompressor) { self.value = value }
    }
}
