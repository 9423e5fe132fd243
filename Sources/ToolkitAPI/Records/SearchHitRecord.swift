public import JSONRPC

/// A search result: the entry, its text around the match with the match between `<mark>` and `</mark>`,
/// and its rank (lower is better).
public struct SearchHitRecord: Codable, Sendable, Hashable {
    /// The entry found, whole.
    public var entry: EntryRecord
    /// Its text around the match, the match between `<mark>` and `</mark>`.
    public var snippet: String
    /// How well it matches: lower is better.
    public var rank: Double

    /// Makes a hit.
    public init(entry: EntryRecord, snippet: String, rank: Double) {
        self.entry = entry
        self.snippet = snippet
        self.rank = rank
    }
}

extension SearchHitRecord: JSONWritable {
    /// Writes `{entry, rank, snippet}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("entry"); writer.value(entry)
        writer.key("rank"); writer.value(rank)
        writer.key("snippet"); writer.value(snippet)
        writer.endObject()
    }
}
