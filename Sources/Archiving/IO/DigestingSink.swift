import Hashing

/// A ``ByteSink`` that hashes (SHA-256) every byte on its way to another sink, so the digest of a file is
/// known when its last byte is written, without reading it back.
///
/// Not `Sendable`: one thread drives it.
package final class DigestingSink: ByteSink {
    private let destination: any ByteSink
    private var hasher = SHA256()

    /// Creates a sink forwarding to `destination`.
    package init(destination: any ByteSink) {
        self.destination = destination
    }

    /// Hashes `bytes`, then writes them to the destination.
    /// - Throws: what the destination throws.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        try destination.write(bytes)
    }

    /// The SHA-256 of everything written so far, lower-case hex.
    package var sha256: String { Hex.string(hasher.finalize()) }
}
