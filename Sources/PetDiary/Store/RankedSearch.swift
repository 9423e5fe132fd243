import GRDB

/// Where a search page ended: inside the ranked window (by rank, then seq) or past it (by seq, newest
/// first), and the window's lower bound so that later pages rank the same window.
struct SearchPosition {
    /// The lowest `seq` of the ranked window.
    var floor: Int64
    var pastWindow: Bool
    var rank: Double
    var seq: Int64

    var key: [String] { [String(floor), pastWindow ? "older" : "ranked", String(rank), String(seq)] }

    init(floor: Int64, pastWindow: Bool, rank: Double, seq: Int64) {
        self.floor = floor
        self.pastWindow = pastWindow
        self.rank = rank
        self.seq = seq
    }

    /// - Throws: ``DiaryError`` `.invalid` (field `cursor`) when the key does not read back.
    init(_ cursor: PageCursor) throws {
        guard let floor = Int64(cursor.key[0]), ["older", "ranked"].contains(cursor.key[1]),
            let rank = Double(cursor.key[2]), let seq = Int64(cursor.key[3])
        else { throw DiaryError.invalid("cursor", "The cursor is damaged; ask again without a cursor.") }
        self.init(floor: floor, pastWindow: cursor.key[1] == "older", rank: rank, seq: seq)
    }
}

/// The queries of one full-text search: the newest matches ranked by bm25, then the older ones by age.
struct RankedSearch {
    /// How many of the newest matches are ranked by relevance. Ranking every match costs time in
    /// proportion to all of them (tens of milliseconds for a word found in half of 100,000 entries);
    /// the newest few hundred take a few.
    static let window = 500

    /// The FTS5 query (see ``BigramTokenizer/matchExpression(for:)``).
    var match: String
    /// Filters on `entry`, and their arguments.
    var conditions: [String]
    var arguments: StatementArguments

    private var whereClause: String { (["entry_fts MATCH ?"] + conditions).joined(separator: " AND ") }
    private var whereArguments: StatementArguments { [match] + arguments }

    /// The lowest `seq` among the newest ``window`` matches (walking the index newest first, which
    /// stops early), or `Int64.max` when nothing matches.
    func windowFloor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT min(seq) FROM (
                    SELECT entry_fts.rowid AS seq FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid
                    WHERE \(whereClause) ORDER BY entry_fts.rowid DESC LIMIT \(Self.window))
                """,
            arguments: whereArguments) ?? Int64.max
    }

    /// Matches with `seq >= floor`, by rank then seq, after `after`.
    func ranked(_ db: Database, floor: Int64, after: SearchPosition?, limit: Int) throws
        -> [(hit: SearchHit, position: SearchPosition)]
    {
        var keyset = ""
        var arguments = whereArguments + [floor]
        if let after {
            keyset = "AND (bm25(entry_fts), entry_fts.rowid) > (?, ?)"
            arguments += [after.rank, after.seq]
        }
        // Rank without snippets first (the sorter would keep one per match), then make snippets for
        // the page's rows only.
        let sql = """
            WITH hits AS (
                SELECT entry_fts.rowid AS hitSeq, bm25(entry_fts) AS hitRank
                FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid
                WHERE \(whereClause) AND entry_fts.rowid >= ? \(keyset)
                ORDER BY hitRank, hitSeq LIMIT \(limit)
            )
            SELECT \(DiaryStore.entryColumns), hits.hitRank, hits.hitSeq,
                snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) AS snippet
            FROM hits
            JOIN entry_fts ON entry_fts.rowid = hits.hitSeq AND entry_fts MATCH ?
            JOIN entry ON entry.seq = hits.hitSeq
            ORDER BY hits.hitRank, hits.hitSeq
            """
        return try Row.fetchAll(db, sql: sql, arguments: arguments + [match]).map { row in
            let rank: Double = row["hitRank"]
            let seq: Int64 = row["hitSeq"]
            return (hit(row, rank: rank), SearchPosition(floor: floor, pastWindow: false, rank: rank, seq: seq))
        }
    }

    /// Matches below the window, newest first, after `after`.
    func older(_ db: Database, floor: Int64, after: SearchPosition?, limit: Int) throws
        -> [(hit: SearchHit, position: SearchPosition)]
    {
        let below = after.map { min($0.seq, floor) } ?? floor
        let sql = """
            SELECT \(DiaryStore.entryColumns), bm25(entry_fts) AS hitRank, entry_fts.rowid AS hitSeq,
                snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) AS snippet
            FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid
            WHERE \(whereClause) AND entry_fts.rowid < ?
            ORDER BY entry_fts.rowid DESC LIMIT \(limit)
            """
        return try Row.fetchAll(db, sql: sql, arguments: whereArguments + [below]).map { row in
            let rank: Double = row["hitRank"]
            let seq: Int64 = row["hitSeq"]
            return (hit(row, rank: rank), SearchPosition(floor: floor, pastWindow: true, rank: rank, seq: seq))
        }
    }

    private func hit(_ row: Row, rank: Double) -> SearchHit {
        SearchHit(entry: DiaryStore.entry(from: row), snippet: row["snippet"], rank: rank)
    }
}
