public import Foundation

/// How a zstd stream is compressed.
public struct ZstdOptions: Sendable, Hashable {
    /// The compression level, 1 (fastest) to 19 (smallest); `zstd`'s default is 3.
    public var level: Int
    /// Worker threads for compression; 0 compresses on the calling thread. Defaults to the core count.
    public var workers: Int
    /// Whether each frame ends with a checksum of its content (always on for bundles and archives).
    public var checksum: Bool
    /// Bytes each worker compresses as one job when ``workers`` > 0; 0 takes libzstd's default (4 windows,
    /// 8 MiB at level 3, which costs about 50 MiB of memory per worker). The 2 MiB default keeps a 2-worker
    /// pack near 45 MiB of peak RSS at the same speed, for a ratio within 0.03 % of the default's.
    public var jobSize: Int

    /// Creates options; every parameter has the default bundles use.
    /// - Parameters:
    ///   - level: 1 to 19, default 3.
    ///   - workers: compression threads, default the number of active cores.
    ///   - checksum: content checksums, default on.
    ///   - jobSize: bytes per worker job, default 2 MiB (libzstd's minimum is 512 KiB).
    public init(
        level: Int = 3, workers: Int = ProcessInfo.processInfo.activeProcessorCount, checksum: Bool = true,
        jobSize: Int = 2 << 20
    ) {
        self.level = level
        self.workers = workers
        self.checksum = checksum
        self.jobSize = jobSize
    }
}
