/// A blob published under `blobs/sha256/ab/abcdef…`: complete, synced to disk, and named by its hash.
package struct Blob: Sendable {
    /// The SHA-256 of the bytes: 64 lowercase hex digits.
    package let sha256: String
    /// The number of bytes.
    package let size: Int64
    /// The blob's path.
    package let path: String
    /// Whether a blob with the same bytes was already there (the staged copy was dropped).
    package let alreadyStored: Bool
    /// Keeps ``sha256`` in flight until released: release it after the database commit that
    /// references the blob.
    package let lease: BlobLease

    /// Ends the lease (see ``BlobLease/release()``).
    package func release() { lease.release() }
}
