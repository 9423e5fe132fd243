package import Media

/// A video's browser-playable copy in a bundle or archive (`renditions/<sha256>.mp4`), staged in the blob
/// store's temp area: kept for the video's blob once the records are merged.
package struct BundledRendition: Sendable {
    /// The member it came from.
    package var member: String
    /// The SHA-256 of the video it is a copy of: the member's name.
    package var original: String
    /// The staged bytes; their hash was checked against the manifest.
    package var blob: StagedBlob

    package init(member: String, original: String, blob: StagedBlob) {
        self.member = member
        self.original = original
        self.blob = blob
    }
}
