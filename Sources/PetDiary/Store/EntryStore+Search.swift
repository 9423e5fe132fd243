import GRDB

extension EntryStore {
    static let queryLimit = 200

    /// Entries whose title or body contains every word of `query` inside one of their words, in any
    /// script and of any length (`산책` finds `공원에서 산책했다`; `책` finds it too).
    ///
    /// Order: the newest `RankedSearch.window` matches (by when they were written) ranked by relevance
    /// (see `Relevance`; lower is better), then older matches, newest first. Snippets put each match
    /// between `<mark>` and `</mark>`.
    /// - Throws: ``DiaryError`` `.invalid` for an empty or too long query, or a bad limit or cursor.
    package func search(_ query: String, filter: EntryFilter, page: PageRequest) async throws -> Page<SearchHit> {
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
        let words = BigramTokenizer.words(in: terms)
        return try await store.read { db in
            var conditions: [String] = []
            var arguments = StatementArguments()
            try Self.appendConditions(for: filter, &conditions, &arguments, db)
            let after = try page.cursor.map {
                try SearchPosition(PageCursor.decode($0, scope: scope, keyCount: 4, signingKey: store.cursorKey))
            }
            let search = RankedSearch(match: match, words: words, conditions: conditions, arguments: arguments)
            let found = try search.page(db, after: after, limit: page.limit + 1)
            let shown = found.prefix(page.limit)
            let entries = try Self.entries(db, seqs: shown.map(\.0.seq))
            let hits = shown.compactMap { candidate, _ in
                entries[candidate.seq].map {
                    SearchHit(
                        entry: $0, snippet: Snippet.make(words: words, title: $0.title, body: $0.body),
                        rank: candidate.rank)
                }
            }
            let next = found.count > page.limit ? shown.last?.1 : nil
            return Page(
                items: hits,
                nextCursor: next.map {
                    PageCursor(scope: scope, order: .newest, key: $0.key).encoded(signingKey: store.cursorKey)
                })
        }
    }

    /// Whole entries by `seq`.
    static func entries(_ db: Database, seqs: [Int64]) throws -> [Int64: DiaryEntry] {
        guard !seqs.isEmpty else { return [:] }
        // Hand SQL: ranked search's page, read by position as lists are (entryColumns).
        let placeholders = seqs.map { _ in "?" }.joined(separator: ",")
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(entryColumns) FROM entry WHERE seq IN (\(placeholders))"),
            arguments: StatementArguments(seqs))
        return Dictionary(rows.map { ($0[0], entry(from: $0)) }, uniquingKeysWith: { first, _ in first })
    }
}
