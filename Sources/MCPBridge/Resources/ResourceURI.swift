/// A `toolkit://` address the bridge can read: a photo's (or video's) picture, a photo's original, a diary entry
/// or a pet's page.
enum ResourceURI: Hashable, Sendable {
    /// `toolkit://photos/{id}`: a photo's thumbnail or a video's poster, a JPEG a context window can take.
    case photo(id: String)
    /// `toolkit://photos/{id}/original`: the file as imported.
    case original(id: String)
    /// `toolkit://entries/{id}`: a diary entry as Markdown.
    case entry(id: String)
    /// `toolkit://pets/{id}`: a pet's page as Markdown.
    case pet(id: String)

    static let scheme = "toolkit"

    /// Reads `text`; nil when it is not one of the four forms.
    init?(_ text: String) {
        let prefix = Self.scheme + "://"
        guard text.count > prefix.count, text.prefix(prefix.count).lowercased() == prefix else { return nil }
        let segments = text.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, segments.allSatisfy({ !$0.isEmpty }) else { return nil }
        let id = String(segments[1])
        switch (segments[0], segments.count) {
        case ("photos", 2): self = .photo(id: id)
        case ("photos", 3) where segments[2] == "original": self = .original(id: id)
        case ("entries", 2): self = .entry(id: id)
        case ("pets", 2): self = .pet(id: id)
        default: return nil
        }
    }

    /// The address as text.
    var text: String {
        switch self {
        case .photo(let id): "\(Self.scheme)://photos/\(id)"
        case .original(let id): "\(Self.scheme)://photos/\(id)/original"
        case .entry(let id): "\(Self.scheme)://entries/\(id)"
        case .pet(let id): "\(Self.scheme)://pets/\(id)"
        }
    }
}
