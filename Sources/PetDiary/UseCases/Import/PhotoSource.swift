/// Where the bytes of one imported photo or video come from.
package enum PhotoSource: Sendable, Hashable {
    /// An absolute path on the core's machine (the parameter `path`).
    case file(path: String)
    /// Base64 bytes, with the name to keep (the parameters `data` and `filename`).
    case base64(String, filename: String?)
    /// An http or https URL, downloaded with bounds on size and time (the parameter `url`); with
    /// `publicOnly`, only from public addresses (the parameter `publicOnly`, see `PublicAddress`).
    case url(String, publicOnly: Bool = false)
}
