/// The text around the first match of a search, with every match in it between `<mark>` and `</mark>`.
///
/// Matches are found on UTF-8 bytes with ASCII letters folded, as ``Relevance`` counts them; only the
/// excerpt is walked by characters.
enum Snippet {
    /// Characters of context on each side of the first match.
    static let context = 30

    static func make(words: [String], title: String, body: String) -> String {
        let needles = words.map { Relevance.folded(Array($0.utf8)) }.filter { !$0.isEmpty }
        for text in [body, title] {
            let matches = byteRanges(of: needles, in: Relevance.folded(Array(text.utf8)))
            guard let first = matches.first else { continue }
            let utf8 = text.utf8
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            var start = index(first.lowerBound)
            for _ in 0..<context where start > text.startIndex { start = text.index(before: start) }
            var end = index(first.upperBound)
            for _ in 0..<context where end < text.endIndex { end = text.index(after: end) }
            let startOffset = utf8.distance(from: utf8.startIndex, to: start)
            let endOffset = utf8.distance(from: utf8.startIndex, to: end)

            var result = start > text.startIndex ? "…" : ""
            var position = start
            for match in matches where match.lowerBound >= startOffset && match.upperBound <= endOffset {
                let lower = index(match.lowerBound)
                let upper = index(match.upperBound)
                guard lower >= position else { continue }
                result += text[position..<lower] + "<mark>" + text[lower..<upper] + "</mark>"
                position = upper
            }
            result += text[position..<end]
            return end < text.endIndex ? result + "…" : result
        }
        return String(body.prefix(context * 2))
    }

    /// Non-overlapping matches of any needle, in order, as byte offsets.
    private static func byteRanges(of needles: [[UInt8]], in haystack: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < haystack.count {
            let byte = haystack[index]
            if let needle = needles.first(where: {
                $0[0] == byte && index + $0.count <= haystack.count
                    && haystack[index..<(index + $0.count)].elementsEqual($0)
            }) {
                found.append(index..<(index + needle.count))
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
