/// How well an entry matches the searched words: BM25's term-frequency part (k1 1.2, b 0.75, a title
/// match counting three times), without the inverse document frequency, which would need every match.
/// Lower is better, as with FTS5's `bm25()`.
struct Relevance {
    let words: [String]
    static let k1 = 1.2
    static let b = 0.75
    static let averageLength = 300.0
    static let titleWeight = 3.0

    init(words: [String]) {
        self.words = words.map { $0.lowercased() }
    }

    func rank(title: String, body: String) -> Double {
        let title = title.lowercased()
        let body = body.lowercased()
        let length = Double(body.count + title.count)
        let norm = Self.k1 * (1 - Self.b + Self.b * length / Self.averageLength)
        var score = 0.0
        for word in words {
            let frequency = Double(Self.occurrences(of: word, in: body)) + Self.titleWeight * Double(Self.occurrences(of: word, in: title))
            score += frequency * (Self.k1 + 1) / (frequency + norm)
        }
        // Rounded so that it reads back from a cursor exactly as compared.
        return -((score * 1e6).rounded() / 1e6)
    }

    static func occurrences(of word: String, in text: String) -> Int {
        guard !word.isEmpty else { return 0 }
        return text.ranges(of: word).count
    }
}
