package import Foundation

/// A downloaded body, staged in the blob store, with what the server said about it.
package struct FetchedBlob: Sendable {
    /// The staged bytes; publish or discard them.
    package let staged: StagedBlob
    /// The file name the server suggested (`Content-Disposition`) or the URL's last path component.
    package let suggestedFilename: String?
    /// The `Content-Type` the server sent, without parameters; trust the sniffed type instead.
    package let contentType: String?
    /// The URL the body came from, after redirects.
    package let finalURL: URL
}
