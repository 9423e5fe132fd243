import GRDB
import Foundation

/// The full-text tokenizer of diary entries: every word, in any script, as its overlapping two-character
/// pieces, so that any substring of a word can be found through the index, however short.
///
/// Korean words are often two syllables (`산책`), too short for SQLite's trigram tokenizer; CJK search
/// engines index bigrams for that reason. Words come from `unicode61` (lower-cased, diacritics removed).
/// - In a document, a word of n ≥ 2 characters gives its n − 1 bigrams and then its last character
///   alone, which also keeps a phrase from running over into the next word: `산책했다` → `산책 책했 했다 다`.
///   A one-character word gives itself.
/// - In a query, a word gives its bigrams only (`산책` matches inside `산책했다`), and a one-character
///   word gives itself, to be matched as a prefix (`책*` finds `책했` and a final `책`).
final class BigramTokenizer: FTS5WrapperTokenizer {
    static let name = "bigram"
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }

    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        let characters = Array(token)
        guard characters.count > 1 else {
            try tokenCallback(token, flags)
            return
        }
        for index in 0..<(characters.count - 1) {
            try tokenCallback(String(characters[index]) + String(characters[index + 1]), flags)
        }
        if !tokenization.contains(.query) {
            try tokenCallback(String(characters[characters.count - 1]), flags)
        }
    }

    /// The FTS5 query that finds every word of `terms` inside some word of an entry, all of them.
    ///
    /// Words are split here as `unicode61` splits them (at anything but letters, digits and marks); each
    /// becomes a quoted phrase, and a one-character word a prefix query.
    static func matchExpression(for terms: [String]) -> String? {
        let phrases = words(in: terms).map { word in
            let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return word.count == 1 ? quoted + "*" : quoted
        }
        return phrases.isEmpty ? nil : phrases.joined(separator: " AND ")
    }

    /// The words of `terms` as `unicode61` sees them: runs of letters, digits and marks.
    static func words(in terms: [String]) -> [String] {
        terms.flatMap { term in
            term.split { !($0.isLetter || $0.isNumber || $0.unicodeScalars.allSatisfy { $0.properties.isDiacritic }) }
                .map(String.init)
        }
    }
}
