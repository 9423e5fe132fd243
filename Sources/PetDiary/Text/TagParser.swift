/// Finds the `#tags` written in a diary body, in any script: `#산책`, `#walk`, `#公園`.
///
/// A tag is `#` followed by letters, digits, `_` or `-`, and it ends at anything else. It is stored in
/// lower case (where the script has case), so `#Walk` and `#walk` are one tag. A `#` inside a word
/// (`C#`) does not start a tag.
package enum TagParser {
    /// The distinct tags of `text`, in the order they first appear.
    package static func tags(in text: String) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var current: String?
        var previous: Character?
        func finish() {
            if let tag = current, !tag.isEmpty {
                let normalised = tag.lowercased()
                if seen.insert(normalised).inserted { found.append(normalised) }
            }
            current = nil
        }
        for character in text {
            if current != nil {
                if isTagCharacter(character) {
                    current!.append(character)
                } else {
                    finish()
                }
            }
            if current == nil, character == "#", !(previous.map(isTagCharacter) ?? false) {
                current = ""
            }
            previous = character
        }
        finish()
        return found
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-"
    }
}
