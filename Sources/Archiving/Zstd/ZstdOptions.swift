import Foundation

/// How a zstd stream is compressed.
public struct ZstdOptions: Sendable, Hashable {
    /// The compression level, 1 (fastest) to 19 (smallest); `zstd`'s default is 3.
    public var level: Int
    /// Worker threads for compression; 0 compresses on the calling thread. Defaults to the core count.
    public var workers: Int
    /// Whether each frame ends with a checksum of its content (always on for bundles and archives).
    public var checksum: Bool

    /// Creates options; every parameter has the default bundles use.
    /// - Parameters:
    ///   - level: 1 to 19, default 3.
    ///   - workers: compression threads, default the number of active cores.
    ///   - checksum: content checksums, default on.
    public init(level: Int = 3, workers: Int = ProcessInfo.processInfo.activeProcessorCount, checksum: Bool = true) {
        self.level = level
        self.workers = workers
        self.checksum = checksum
    }
}
