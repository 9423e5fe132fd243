import JSONRPC

/// The resource templates `resources/templates/list` answers, and the sentence naming them that an address the
/// bridge cannot read is refused with.
enum ResourceTemplates {
    /// The largest picture side of a `toolkit://photos/{id}` resource.
    static let pictureSide = 1024
    /// The most bytes of a `toolkit://photos/{id}` resource: about a megabyte, which a context window takes.
    static let pictureBytes = 1_000_000
    /// The most bytes of a `toolkit://photos/{id}/original` resource; a larger file is refused, naming its path.
    static let originalBytes = 16 << 20

    static let all: [ResourceTemplate] = [
        ResourceTemplate(
            uriTemplate: "toolkit://photos/{id}", name: "photo", title: "Photo or video (picture)",
            description: """
                A photo's thumbnail or a video's poster frame, upright, as a JPEG at most \(pictureSide) pixels on \
                its longest side and about 1 MB, small enough for a context window.
                """,
            mimeType: "image/jpeg"),
        ResourceTemplate(
            uriTemplate: "toolkit://photos/{id}/original", name: "photo-original", title: "Photo or video (original)",
            description: """
                The photo or video file as it was imported, in its own media type (image/jpeg, image/heic, \
                video/mp4, …); files over \(originalBytes >> 20) MiB are refused.
                """),
        ResourceTemplate(
            uriTemplate: "toolkit://entries/{id}", name: "entry", title: "Diary entry",
            description: """
                A diary entry as Markdown: its title, date, pet, tags and text, and its photos as links to their \
                toolkit://photos/ resources.
                """,
            mimeType: "text/markdown"),
        ResourceTemplate(
            uriTemplate: "toolkit://pets/{id}", name: "pet", title: "Pet's page",
            description: """
                A pet's page as Markdown: its profile, its albums with their photo counts, and its latest diary \
                entries as links to their toolkit://entries/ resources.
                """,
            mimeType: "text/markdown"),
    ]

    /// Why `uri` cannot be read, naming the addresses that can.
    static func unknown(_ uri: String) -> String {
        "\(uri) is not a toolkit resource; the resources are " + all.map(\.uriTemplate).joined(separator: ", ")
            + " (ids are UUIDs, as resources/list gives them)."
    }
}

/// A resource template as `resources/templates/list` shows it.
struct ResourceTemplate: Sendable {
    var uriTemplate: String
    var name: String
    var title: String
    var description: String
    /// Nil for a template whose resources come in their own media types.
    var mimeType: String? = nil

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("uriTemplate", .string(uriTemplate)), ("name", .string(name)), ("title", .string(title)),
            ("description", .string(description)),
        ]
        if let mimeType { members.append(("mimeType", .string(mimeType))) }
        return .object(members)
    }
}
