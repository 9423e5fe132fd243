public import Foundation

/// How a zstd stream is compressed.
public struct ZstdOptions: Sendable, Hashable {
    /// The compression level, 1 (fastest) to 19 (smallest); `zstd`'s default is 3.
    public var level: Int
    /// Worker threads for compression; 0 compresses on the calling thread. Defaults to the core count.
    public var workers: Int
    /// Whether each frame ends with a checksum of its content (always on for bundles and archives).
    public var checksum: Bool
    /// Bytes each worker compresses as one job when ``workers`` > 0; 0 takes libzstd's default (four windows).
    /// The default, libzstd's smallest job size, keeps a compressor's buffers (round buffer,
    /// job outputs, the workers' tables) far smaller than larger jobs do, which bounds the core's peak during
    /// `toolkit export` (Benchmarks/export/run.sh measures it), for slightly larger output and, with the 64 KiB
    /// ``overlapLog``, more CPU in `bundle pack` (the figures: Benchmarks/notes/2026-11-29-why.md, bundles and
    /// archives).
    public var jobSize: Int
    /// How much of the previous job each worker job reloads, as libzstd's `ZSTD_c_overlapLog` (1 none, 9 a whole
    /// window, each step ×2; 0 takes libzstd's default, 6 at level 3: 256 KiB). Reloading is hashing again, so
    /// with the default small jobs libzstd's default costs `bundle pack` much of the CPU they save memory for
    /// (Benchmarks/archive/run.sh; the figures in the same note). The default, 4, reloads 64 KiB.
    public var overlapLog: Int

    /// Creates options; every parameter has the default bundles use.
    /// - Parameters:
    ///   - level: 1 to 19, default 3.
    ///   - workers: compression threads, default the number of active cores.
    ///   - checksum: content checksums, default on.
    ///   - jobSize: bytes per worker job, default 512 KiB (libzstd's minimum).
    ///   - overlapLog: how much of the previous job each job reloads, default 4 (1/32 of the window).
    public init(
        level: Int = 3, workers: Int = ProcessInfo.processInfo.activeProcessorCount, checksum: Bool = true,
        jobSize: Int = 512 << 10, overlapLog: Int = 4
    ) {
        self.level = level
        self.workers = workers
        self.checksum = checksum
        self.jobSize = jobSize
        self.overlapLog = overlapLog
    }
}
