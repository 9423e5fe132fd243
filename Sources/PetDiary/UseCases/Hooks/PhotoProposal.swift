/// A photo or video about to be recorded, as `photo.beforeImport` sees it.
///
/// What was read from the content (`sha256`, `bytes`, `mediaType`, dimensions, duration) cannot be
/// changed; a hook may move the photo to another album or give it another file name or taken-at time.
package struct PhotoProposal: Sendable, Hashable, Codable {
    /// The album it goes into; a changed one must exist.
    package var albumId: String
    /// The name the file had (or the name sent with `data`, or the URL's).
    package var filename: String?
    /// RFC 3339: EXIF capture time when present, else the file's (or the import's) time.
    package var takenAt: String
    /// The SHA-256 of the bytes.
    package let sha256: String
    /// The number of bytes.
    package let bytes: Int64
    /// The type sniffed from the content, e.g. `image/jpeg`.
    package let mediaType: String
    package let width: Int?
    package let height: Int?
    /// For videos: the container's duration.
    package let durationSeconds: Double?
    /// Where the bytes came from: the path or the URL; nil for base64 `data`.
    package let origin: String?

    /// Makes a proposal.
    package init(
        albumId: String, filename: String?, takenAt: String, sha256: String, bytes: Int64, mediaType: String,
        width: Int? = nil, height: Int? = nil, durationSeconds: Double? = nil, origin: String? = nil
    ) {
        self.albumId = albumId
        self.filename = filename
        self.takenAt = takenAt
        self.sha256 = sha256
        self.bytes = bytes
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.durationSeconds = durationSeconds
        self.origin = origin
    }
}
