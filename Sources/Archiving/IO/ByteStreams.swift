/// Something blocking that bytes can be read from: a file, a zstd decompressor.
package protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Something blocking that bytes can be written to: a file, a zstd compressor.
package protocol ByteSink: AnyObject {
    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension SystemFile: ByteSource, ByteSink {}
