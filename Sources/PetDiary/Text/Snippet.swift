/// The text around the first match of a substring search, with matches between `<mark>` and `</mark>`,
/// as FTS5's `snippet()` gives for indexed searches.
enum Snippet {
    static let context = 24

    static func around(_ terms: [String], in entry: DiaryEntry) -> String {
        let text = entry.body.contains(where: { _ in true }) && terms.contains(where: entry.body.contains)
            ? entry.body : entry.title
        let characters = Array(text)
        let needles = terms.map(Array.init).filter { !$0.isEmpty }
        var matches: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            if let needle = needles.first(where: { index + $0.count <= characters.count && Array(characters[index..<(index + $0.count)]) == $0 }) {
                matches.append(index..<(index + needle.count))
                index += needle.count
            } else {
                index += 1
            }
        }
        guard let first = matches.first else { return String(characters.prefix(context * 2)) }
        let start = max(0, first.lowerBound - context / 2)
        let end = min(characters.count, start + context * 2)
        var result = start > 0 ? "…" : ""
        var position = start
        for match in matches where match.lowerBound >= start && match.upperBound <= end {
            result += String(characters[position..<match.lowerBound]) + "<mark>"
                + String(characters[match]) + "</mark>"
            position = match.upperBound
        }
        result += String(characters[position..<end])
        if end < characters.count { result += "…" }
        return result
    }
}
