import CZstd

/// Streaming zstd compression through `ZSTD_compressStream2`, writing frames into a ``ByteSink``.
///
/// Memory is bounded by libzstd's window and job buffers (taken through ``ZstdMemory``, so they go back to the
/// kernel when the compressor is freed); input of any length streams through.
/// Not `Sendable`: one thread drives it.
package final class ZstdCompressor: ByteSink {
    private let context: OpaquePointer
    private let output: UnsafeMutableRawBufferPointer
    private let destination: any ByteSink
    /// Uncompressed bytes accepted so far.
    package private(set) var bytesIn: Int64 = 0
    /// Compressed bytes written so far.
    package private(set) var bytesOut: Int64 = 0

    /// Creates a compressor writing to `destination`.
    /// - Throws: `ArchiveError.invalidArgument` when libzstd refuses a parameter.
    package init(options: ZstdOptions, destination: any ByteSink) throws {
        guard let context = ZSTD_createCCtx_advanced(ZstdMemory.custom) else {
            throw ArchiveError(.io, "zstd could not allocate a compression context")
        }
        self.context = context
        self.destination = destination
        output = .allocate(byteCount: ZSTD_CStreamOutSize(), alignment: 16)
        do {
            try set(ZSTD_c_compressionLevel, Int32(clamping: options.level), "level \(options.level)")
            try set(ZSTD_c_checksumFlag, options.checksum ? 1 : 0, "checksum flag")
            if options.workers > 0 {
                try set(ZSTD_c_nbWorkers, Int32(clamping: options.workers), "\(options.workers) worker threads")
                if options.jobSize > 0 {
                    try set(ZSTD_c_jobSize, Int32(clamping: options.jobSize), "a job size of \(options.jobSize) bytes")
                }
                if options.overlapLog > 0 {
                    let overlap = Int32(clamping: options.overlapLog)
                    try set(ZSTD_c_overlapLog, overlap, "an overlap log of \(options.overlapLog)")
                }
            }
        } catch {
            ZSTD_freeCCtx(context)
            output.deallocate()
            throw error
        }
    }

    deinit {
        ZSTD_freeCCtx(context)
        output.deallocate()
    }

    private func set(_ parameter: ZSTD_cParameter, _ value: Int32, _ what: String) throws {
        let result = ZSTD_CCtx_setParameter(context, parameter, value)
        if ZSTD_isError(result) != 0 {
            throw ArchiveError(
                .invalidArgument, "zstd refused \(what): \(String(cString: ZSTD_getErrorName(result)))")
        }
    }

    /// Compresses `bytes`; output is written to the destination as it is produced.
    /// - Throws: `ArchiveError.io` from the destination, `.corruptCompression` from libzstd.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        var input = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
        while input.pos < input.size {
            _ = try step(&input, ZSTD_e_continue)
        }
        bytesIn += Int64(bytes.count)
    }

    /// Ends the frame and writes everything still buffered. The compressor can then start a new frame.
    /// - Throws: `ArchiveError.io` from the destination.
    package func finish() throws {
        var input = ZSTD_inBuffer(src: nil, size: 0, pos: 0)
        while try step(&input, ZSTD_e_end) != 0 {}
    }

    private func step(_ input: inout ZSTD_inBuffer, _ directive: ZSTD_EndDirective) throws -> Int {
        var out = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let remaining = ZSTD_compressStream2(context, &out, &input, directive)
        if ZSTD_isError(remaining) != 0 {
            throw ArchiveError(
                .corruptCompression, "zstd compression failed: \(String(cString: ZSTD_getErrorName(remaining)))")
        }
        if out.pos > 0 {
            try destination.write(UnsafeRawBufferPointer(start: output.baseAddress, count: out.pos))
            bytesOut += Int64(out.pos)
        }
        return remaining
    }
}
