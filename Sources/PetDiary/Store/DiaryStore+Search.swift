import GRDB

extension DiaryStore {
    static let queryLimit = 200

    /// Entries whose title or body contains every word of `query` inside one of their words, in any
    /// script and of any length (`산책` finds `공원에서 산책했다`; `책` finds it too).
    ///
    /// Order: the newest ``RankedSearch/window`` matches (by when they were written) ranked by relevance
    /// (bm25, lower is better), then older matches, newest first. Snippets mark matching words with
    /// `<mark>` and `</mark>`.
    /// - Throws: ``DiaryError`` `.invalid` for an empty or too long query, or a bad limit or cursor.
    public func search(_ query: String, filter: EntryFilter, page: PageRequest) async throws -> Page<SearchHit> {
        let trimmed = try TextRules.required(query, field: "query", limit: Self.queryLimit)
        let terms = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let match = BigramTokenizer.matchExpression(for: terms) else {
            throw DiaryError.invalid("query", "query '\(trimmed)' has no letters or digits to search for.")
        }
        guard (1...PageRequest.maximumLimit).contains(page.limit) else {
            throw DiaryError.invalid(
                "limit", "limit is \(page.limit); ask for 1 to \(PageRequest.maximumLimit) items.",
                limit: PageRequest.maximumLimit)
        }
        let scope = "search|\(terms.joined(separator: " "))|\(filter.scope)"
        return try await read { db in
            var conditions: [String] = []
            var arguments = StatementArguments()
            try Self.appendConditions(for: filter, &conditions, &arguments, db)
            let after = try page.cursor.map {
                try SearchPosition(PageCursor.decode($0, scope: scope, keyCount: 4, signingKey: cursorKey))
            }
            let search = RankedSearch(match: match, conditions: conditions, arguments: arguments)
            let floor = try after?.floor ?? search.windowFloor(db)
            var hits: [(hit: SearchHit, position: SearchPosition)] = []
            if after?.pastWindow != true {
                hits += try search.ranked(db, floor: floor, after: after, limit: page.limit + 1)
            }
            if hits.count <= page.limit {
                hits += try search.older(
                    db, floor: floor, after: after?.pastWindow == true ? after : nil, limit: page.limit + 1 - hits.count)
            }
            guard hits.count > page.limit else { return Page(items: hits.map(\.hit), nextCursor: nil) }
            let next = hits[page.limit - 1].position
            return Page(
                items: hits.prefix(page.limit).map(\.hit),
                nextCursor: PageCursor(scope: scope, order: .newest, key: next.key).encoded(signingKey: cursorKey))
        }
    }
}
