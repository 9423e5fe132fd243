import Foundation

/// Writes a zstd file from async code.
///
/// Chunks passed to ``write(_:)`` are compressed on a dedicated thread, never on Swift's cooperative pool;
/// `write` suspends while that thread is `depth` chunks behind (backpressure), so memory stays bounded
/// however fast the producer is. The file appears under its name only when ``finish()`` has synced and
/// renamed it; a writer dropped or failed before that leaves nothing there.
public final class ZstdFileWriter: Sendable {
    private let chunks: BoundedChannel<[UInt8]>
    private let outcome = BoundedChannel<Int64>(capacity: 1)

    /// Creates the temp file next to `path` and starts the compressing thread.
    /// - Parameters:
    ///   - options: zstd level, workers and checksums.
    ///   - depth: chunks queued for the thread at most.
    /// - Throws: `ArchiveError.io` when the temp file cannot be created.
    public init(path: String, options: ZstdOptions = ZstdOptions(), depth: Int = 4) throws {
        let chunks = BoundedChannel<[UInt8]>(capacity: max(1, depth))
        let outcome = outcome
        self.chunks = chunks
        let output = try AtomicFile(path: path)
        let compressor = try ZstdCompressor(options: options, destination: output)
        let owned = UncheckedBox((output, compressor))
        Thread {
            let (output, compressor) = owned.value
            do {
                while let chunk = try chunks.receiveBlocking() {
                    try chunk.withUnsafeBytes { try compressor.write($0) }
                }
                try compressor.finish()
                try output.commit()
                _ = outcome.sendBlocking(compressor.bytesOut)
                outcome.finish()
            } catch {
                output.discard()
                chunks.cancel()
                outcome.finish(throwing: error)
            }
        }.start()
    }

    deinit {
        chunks.finish(throwing: ArchiveError(.cancelled, "the writer was dropped before finish()", reason: "cancelled"))
    }

    /// Queues `bytes` for compression, suspending while the thread is behind.
    /// - Throws: `ArchiveError` when compression or writing failed (the file is then abandoned).
    public func write(_ bytes: [UInt8]) async throws {
        do {
            try await chunks.send(bytes)
        } catch {
            throw await threadFailure() ?? error
        }
    }

    /// Ends the stream, waits until the file is synced and renamed, and returns its compressed size.
    /// - Throws: `ArchiveError` from compression or writing.
    public func finish() async throws -> Int64 {
        chunks.finish()
        guard let size = try await outcome.receive() else {
            throw ArchiveError(.io, "the compressing thread ended without a result")
        }
        return size
    }

    /// The error the compressing thread ended with, waiting for it to end.
    private func threadFailure() async -> (any Error)? {
        do {
            _ = try await outcome.receive()
            return nil
        } catch {
            return error
        }
    }
}

/// Hands non-`Sendable` values to the one thread that will own them.
///
/// `@unchecked Sendable`: the creator never touches `value` after handing the box over.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
