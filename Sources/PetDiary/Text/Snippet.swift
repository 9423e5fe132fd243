/// The text around the first match of a search, with every match in it between `<mark>` and `</mark>`.
enum Snippet {
    /// Characters of context on each side of the first match.
    static let context = 30

    static func make(words: [String], title: String, body: String) -> String {
        let needles = words.map { Array($0.lowercased()) }.filter { !$0.isEmpty }
        for text in [body, title] {
            let characters = Array(text)
            let folded = Array(text.lowercased())
            // Lower-casing keeps the length in every script people write diaries in; if not, match as written.
            let haystack = folded.count == characters.count ? folded : characters
            let matches = ranges(of: needles, in: haystack)
            guard let first = matches.first else { continue }
            let start = max(0, first.lowerBound - context)
            let end = min(characters.count, first.upperBound + context)
            var result = start > 0 ? "…" : ""
            var position = start
            for match in matches where match.lowerBound >= position && match.upperBound <= end {
                result += String(characters[position..<match.lowerBound]) + "<mark>" + String(characters[match]) + "</mark>"
                position = match.upperBound
            }
            result += String(characters[position..<end]) + (end < characters.count ? "…" : "")
            return result
        }
        return String(body.prefix(context * 2))
    }

    private static func ranges(of needles: [[Character]], in haystack: [Character]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < haystack.count {
            if let needle = needles.first(where: { index + $0.count <= haystack.count && haystack[index..<(index + $0.count)].elementsEqual($0) }) {
                found.append(index..<(index + needle.count))
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
