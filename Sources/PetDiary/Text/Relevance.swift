/// How well an entry matches the searched words: BM25's term-frequency part (k1 1.2, b 0.75, a title
/// match counting three times), without the inverse document frequency, which would need every match.
/// Lower is better, as with FTS5's `bm25()`.
///
/// It works on UTF-8 bytes with ASCII letters folded to lower case: it runs on a few hundred entries per
/// search, and `String.lowercased()` and `ranges(of:)` there cost more than the database.
struct Relevance {
    private let words: [[UInt8]]
    static let k1 = 1.2
    static let b = 0.75
    /// The length of a typical entry, in UTF-8 bytes (300 characters, half of them Hangul).
    static let averageLength = 600.0
    static let titleWeight = 3.0

    init(words: [String]) {
        self.words = words.map { Self.folded(Array($0.utf8)) }.filter { !$0.isEmpty }
    }

    func rank(title: [UInt8], body: [UInt8]) -> Double {
        let title = Self.folded(title)
        let body = Self.folded(body)
        let norm = Self.k1 * (1 - Self.b + Self.b * Double(title.count + body.count) / Self.averageLength)
        var score = 0.0
        for word in words {
            let frequency =
                Double(Self.occurrences(of: word, in: body)) + Self.titleWeight
                * Double(Self.occurrences(of: word, in: title))
            score += frequency * (Self.k1 + 1) / (frequency + norm)
        }
        // Rounded so that it reads back from a cursor exactly as compared.
        return -((score * 1e6).rounded() / 1e6)
    }

    static func folded(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    /// Non-overlapping occurrences; UTF-8 is self-synchronising, so a byte match is a character match.
    static func occurrences(of word: [UInt8], in text: [UInt8]) -> Int {
        guard let first = word.first, text.count >= word.count else { return 0 }
        var count = 0
        var index = 0
        let last = text.count - word.count
        while index <= last {
            if text[index] == first && text[index..<(index + word.count)].elementsEqual(word) {
                count += 1
                index += word.count
            } else {
                index += 1
            }
        }
        return count
    }
}
