import Foundation
import Glibc

/// The decompressed content of a zstd file as an async sequence of chunks.
///
/// Decompression runs on a dedicated thread, never on Swift's cooperative pool, and stays at most
/// ``depth`` chunks ahead of the consumer (backpressure); memory is bounded by `depth × chunkSize`.
/// The stream refuses what ``ArchiveLimits/maxRatio`` and the zstd checks refuse, by throwing
/// ``ArchiveError`` from `next()`. Ending the iteration early stops the thread.
public struct ZstdFileChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    /// The zstd file.
    public var path: String
    /// The ratio limit (only ``ArchiveLimits/maxRatio`` and ``ArchiveLimits/ratioGraceBytes`` apply).
    public var limits: ArchiveLimits
    /// Bytes per chunk (the last may be shorter).
    public var chunkSize: Int
    /// Chunks decompressed ahead of the consumer at most.
    public var depth: Int

    /// Describes the stream; nothing happens until iteration starts.
    public init(path: String, limits: ArchiveLimits = ArchiveLimits(), chunkSize: Int = 256 << 10, depth: Int = 4) {
        self.path = path
        self.limits = limits
        self.chunkSize = Swift.max(1, chunkSize)
        self.depth = Swift.max(1, depth)
    }

    /// Starts the decompressing thread.
    public func makeAsyncIterator() -> Iterator {
        Iterator(producer: Producer(self))
    }

    /// Iterates the chunks.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let producer: Producer

        /// The next chunk, or `nil` after the last frame.
        /// - Throws: `ArchiveError` (-32007) for a corrupt, truncated or over-limit stream.
        public mutating func next() async throws -> [UInt8]? {
            try await producer.channel.receive()
        }
    }

    /// Owns the thread; cancels it when the iterator goes away.
    fileprivate final class Producer: Sendable {
        let channel: BoundedChannel<[UInt8]>

        init(_ stream: ZstdFileChunks) {
            let channel = BoundedChannel<[UInt8]>(capacity: stream.depth)
            self.channel = channel
            let thread = Thread {
                do {
                    let file = try SystemFile.open(stream.path, flags: O_RDONLY)
                    let zstd = try ZstdDecompressor(
                        source: file, maxRatio: stream.limits.maxRatio, ratioGrace: stream.limits.ratioGraceBytes)
                    while true {
                        var chunk = [UInt8](repeating: 0, count: stream.chunkSize)
                        var filled = 0
                        try chunk.withUnsafeMutableBytes { buffer in
                            while filled < buffer.count {
                                let count = try zstd.read(
                                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                                if count == 0 { break }
                                filled += count
                            }
                        }
                        if filled == 0 { break }
                        chunk.removeSubrange(filled...)
                        guard channel.sendBlocking(chunk) else { return }
                    }
                    channel.finish()
                } catch {
                    channel.finish(throwing: error)
                }
            }
            thread.start()
        }

        deinit { channel.cancel() }
    }
}
