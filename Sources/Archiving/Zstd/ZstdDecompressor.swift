import CZstd

/// Streaming zstd decompression of a whole file, read through a ``ByteSource``.
///
/// It accepts several frames back to back and skippable frames, and refuses with an
/// ``ArchiveError`` what `zstd -d` refuses: bytes that are not a frame (trailing garbage), a wrong content
/// checksum, a corrupt block, a window past libzstd's default limit (`ZSTD_WINDOWLOG_LIMIT_DEFAULT`, the limit
/// `zstd -d` keeps without `--long`), and a stream that ends inside a frame.
/// With a ``ArchiveLimits/maxRatio``, a stream that inflates far beyond its compressed size (a zstd bomb)
/// is stopped as soon as the ratio is exceeded. Not `Sendable`: one thread drives it.
package final class ZstdDecompressor: ByteSource {
    private let context: OpaquePointer
    private let source: any ByteSource
    private let input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var sourceEnded = false
    /// libzstd's last hint: 0 when the last frame is complete.
    private var frameRemaining = 1
    private let maxRatio: Int
    private let ratioGrace: Int64
    /// Compressed bytes consumed so far.
    package private(set) var bytesIn: Int64 = 0
    /// Decompressed bytes produced so far.
    package private(set) var bytesOut: Int64 = 0

    /// Creates a decompressor reading compressed bytes from `source`.
    /// - Parameters:
    ///   - maxRatio: the largest decompressed / compressed ratio allowed once `ratioGrace` bytes are out;
    ///     0 for no limit.
    package init(source: any ByteSource, maxRatio: Int = 0, ratioGrace: Int64 = 64 << 20) throws {
        guard let context = ZSTD_createDCtx() else {
            throw ArchiveError(.io, "zstd could not allocate a decompression context")
        }
        self.context = context
        self.source = source
        self.maxRatio = maxRatio
        self.ratioGrace = ratioGrace
        input = .allocate(byteCount: 1 << 20, alignment: 16)
    }

    deinit {
        ZSTD_freeDCtx(context)
        input.deallocate()
    }

    /// Decompresses into `buffer`; returns 0 at the end of the last complete frame.
    /// - Throws: `ArchiveError.corruptCompression`, `.truncated`, `.limitExceeded`, `.io`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !buffer.isEmpty else { return 0 }
        while true {
            if inputStart == inputEnd && !sourceEnded {
                inputStart = 0
                inputEnd = try source.read(into: input)
                sourceEnded = inputEnd == 0
            }
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress! + inputStart, size: inputEnd - inputStart, pos: 0)
            var outBuffer = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
            let result = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
            if ZSTD_isError(result) != 0 { throw decodingError(result) }
            if inBuffer.pos > 0 || outBuffer.pos > 0 { frameRemaining = result }  // an idle call says nothing
            inputStart += inBuffer.pos
            bytesIn += Int64(inBuffer.pos)
            bytesOut += Int64(outBuffer.pos)
            if outBuffer.pos > 0 {
                try checkRatio()
                return outBuffer.pos
            }
            if inputStart == inputEnd && sourceEnded {
                if bytesIn == 0 {
                    throw ArchiveError(
                        .truncated, "the file is empty; a .tar.zst holds at least one zstd frame",
                        reason: "empty")
                }
                if frameRemaining != 0 {
                    throw ArchiveError(
                        .truncated,
                        "the zstd stream ends in the middle of a frame after \(bytesIn) bytes; "
                            + "the file is truncated or was still being written", reason: "truncated-zstd")
                }
                return 0
            }
        }
    }

    private func checkRatio() throws {
        guard maxRatio > 0, bytesOut > ratioGrace else { return }
        let (limit, overflow) = max(bytesIn, 1).multipliedReportingOverflow(by: Int64(maxRatio))
        if !overflow && bytesOut > limit {
            throw ArchiveError(
                .limitExceeded,
                "the stream decompresses to more than \(maxRatio) times its compressed size "
                    + "(\(bytesOut) bytes from \(bytesIn)); it looks like a decompression bomb. "
                    + "Raise the ratio limit only if you trust the file", reason: "ratio")
        }
    }

    private func decodingError(_ result: Int) -> ArchiveError {
        let name = String(cString: ZSTD_getErrorName(result))
        let offset = bytesIn
        switch ZSTD_getErrorCode(result) {
        case ZSTD_error_checksum_wrong:
            return ArchiveError(
                .corruptCompression,
                "a zstd frame's content checksum does not match near byte \(offset); "
                    + "the file is corrupt", reason: "zstd-checksum")
        case ZSTD_error_prefix_unknown:
            if offset == 0 {
                return ArchiveError(
                    .corruptCompression, "the file is not zstd-compressed (no zstd frame at its start)",
                    reason: "not-zstd")
            }
            return ArchiveError(
                .corruptCompression,
                "unexpected bytes after the zstd frames at byte \(offset); "
                    + "the file is corrupt or has trailing garbage", reason: "trailing-garbage")
        case ZSTD_error_frameParameter_windowTooLarge:
            return ArchiveError(
                .limitExceeded, "a zstd frame needs a window larger than 128 MiB to decompress; refused",
                reason: "zstd-window")
        default:
            return ArchiveError(
                .corruptCompression, "the zstd stream is corrupt near byte \(offset): \(name)",
                reason: "zstd-corrupt")
        }
    }
}
