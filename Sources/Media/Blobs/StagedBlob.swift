/// Bytes written and hashed into a temp file under `blobs/tmp`, not yet durable or visible as a blob.
///
/// Hand it to ``BlobStore/publish(_:)`` to make it a ``Blob``, or to ``BlobStore/discard(_:)``. Its
/// ``lease`` keeps the hash in flight (see ``BlobLease``).
package struct StagedBlob: Sendable {
    /// The SHA-256 of the bytes: 64 lowercase hex digits.
    package let sha256: String
    /// The number of bytes.
    package let size: Int64
    /// The temp file holding the bytes; gone once published or discarded.
    package let temporaryPath: String
    /// Keeps ``sha256`` in flight until released.
    package let lease: BlobLease
}
