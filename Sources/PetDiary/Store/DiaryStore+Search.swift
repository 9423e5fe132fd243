import Crypto
import GRDB

extension DiaryStore {
    /// The shortest term the trigram index can match: three Unicode scalars.
    static let indexedTermLength = 3
    static let queryLimit = 200

    /// Entries whose title or body contains every term of `query` (split at spaces), in any script.
    ///
    /// Terms of three or more characters go through the trigram index and results are ranked by
    /// relevance (bm25, lower is better). Shorter terms (`산책`, two Hangul syllables, is a whole word)
    /// cannot use the index and are matched as substrings by a scan; a query made only of short terms
    /// is answered newest first, with rank 0.
    /// - Throws: ``DiaryError`` `.invalid` for an empty or too long query or a bad cursor.
    public func search(_ query: String, filter: EntryFilter, page: PageRequest) async throws -> Page<SearchHit> {
        let trimmed = try TextRules.required(query, field: "query", limit: Self.queryLimit)
        let terms = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        let indexed = terms.filter { $0.unicodeScalars.count >= Self.indexedTermLength }
        let scanned = terms.filter { $0.unicodeScalars.count < Self.indexedTermLength }
        return try await read { db in
            var conditions: [String] = []
            var arguments = StatementArguments()
            try Self.appendConditions(for: filter, &conditions, &arguments, db)
            for term in scanned {
                conditions.append("instr(entry.title || char(10) || entry.body, ?) > 0")
                arguments += [term]
            }
            let scope = "search|\(terms.joined(separator: " "))|\(filter.scope)"
            if indexed.isEmpty {
                return try Keyset(columns: ["date", "createdAt", "id"], scope: scope).fetchPage(
                    db, select: Self.entrySelect, conditions: conditions, arguments: arguments, page: page,
                    defaultOrder: .newest, signingKey: cursorKey
                ) { row in
                    let entry = Self.entry(from: row)
                    return SearchHit(entry: entry, snippet: Snippet.around(scanned, in: entry), rank: 0)
                }
            }
            let match = indexed.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                .joined(separator: " ")
            return try Self.rankedPage(
                db, match: match, conditions: conditions, arguments: arguments, scope: scope, page: page,
                signingKey: cursorKey)
        }
    }

    /// Full-text matches ordered by bm25 then `seq`, with keyset pagination over that pair.
    private static func rankedPage(
        _ db: Database, match: String, conditions: [String], arguments: StatementArguments, scope: String,
        page: PageRequest, signingKey: SymmetricKey
    ) throws -> Page<SearchHit> {
        guard (1...PageRequest.maximumLimit).contains(page.limit) else {
            throw DiaryError.invalid(
                "limit", "limit is \(page.limit); ask for 1 to \(PageRequest.maximumLimit) items.",
                limit: PageRequest.maximumLimit)
        }
        var conditions = ["entry_fts MATCH ?"] + conditions
        var arguments: StatementArguments = [match] + arguments
        if let text = page.cursor {
            let cursor = try PageCursor.decode(text, scope: scope, keyCount: 2, signingKey: signingKey)
            guard let rank = Double(cursor.key[0]), let seq = Int64(cursor.key[1]) else {
                throw DiaryError.invalid("cursor", "The cursor is damaged; ask again without a cursor.")
            }
            conditions.append("(bm25(entry_fts), entry.seq) > (?, ?)")
            arguments += [rank, seq]
        }
        let sql = """
            SELECT entry.*, bm25(entry_fts) AS rank,
                snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) AS snippet,
                (SELECT group_concat(photoId, ',') FROM
                    (SELECT photoId FROM entryPhoto WHERE entryId = entry.id ORDER BY position)) AS photoIdList
            FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY rank, entry.seq
            LIMIT \(page.limit + 1)
            """
        let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
        let hits = rows.prefix(page.limit).map { row in
            SearchHit(entry: entry(from: row), snippet: row["snippet"], rank: row["rank"])
        }
        var nextCursor: String?
        if rows.count > page.limit, let last = rows.prefix(page.limit).last {
            let rank: Double = last["rank"]
            let seq: Int64 = last["seq"]
            nextCursor = PageCursor(scope: scope, order: .oldest, key: [String(rank), String(seq)])
                .encoded(signingKey: signingKey)
        }
        return Page(items: hits, nextCursor: nextCursor)
    }
}
