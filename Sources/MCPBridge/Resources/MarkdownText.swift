/// Text from the diary made safe inside a line of Markdown: its newlines become spaces and the characters that
/// would start a link, emphasis, code or HTML are escaped, so a title like `[1/2] *Bori*` shows as written.
/// Underscores stay as they are (within a word, as in `IMG_0001.jpg`, they start nothing).
enum MarkdownText {
    private static let special: Set<Character> = ["\\", "[", "]", "*", "`", "<", ">"]

    /// `text` for a heading, a list item or a link's label.
    static func inline(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character.isNewline {
                escaped.append(" ")
            } else {
                if special.contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
        }
        return escaped
    }

    /// A link labelled `label` to the resource `uri`.
    static func link(_ label: String, to uri: ResourceURI) -> String {
        "[\(inline(label))](\(uri.text))"
    }
}
