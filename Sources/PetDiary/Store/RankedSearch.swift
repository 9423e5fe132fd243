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

/// One full-text search: the newest matches ranked by relevance, then the older ones by age.
///
/// FTS5's own `bm25()` reads every match of every phrase to weigh them (tens of milliseconds for a word
/// in half of 100,000 entries), and so does `snippet()` per row. Both are done here instead, on the
/// newest ``window`` matches only, which the index yields newest first and stops early.
struct RankedSearch {
    /// How many of the newest matches are ranked by relevance.
    static let window = 200

    /// The FTS5 query (see ``BigramTokenizer/matchExpression(for:)``).
    var match: String
    /// The words searched for, as ``Relevance`` counts them.
    var words: [String]
    /// Filters on `entry`, and their arguments.
    var conditions: [String]
    var arguments: StatementArguments

    /// A match: the entry's `seq` and how well it matches.
    struct Candidate {
        var seq: Int64
        var rank: Double
    }

    /// The newest matches with `seq` below `below` and at least `atLeast` (when given), newest first.
    func candidates(_ db: Database, below: Int64? = nil, atLeast: Int64? = nil, limit: Int) throws -> [Candidate] {
        var conditions = ["entry_fts MATCH ?"] + self.conditions
        var arguments: StatementArguments = [match] + self.arguments
        if let below {
            conditions.append("entry_fts.rowid < ?")
            arguments += [below]
        }
        if let atLeast {
            conditions.append("entry_fts.rowid >= ?")
            arguments += [atLeast]
        }
        // Hand SQL: ranked search over the FTS5 index, which has no row type.
        let sql = """
            SELECT entry.seq, CAST(entry.title AS BLOB), CAST(entry.body AS BLOB)
            FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY entry_fts.rowid DESC LIMIT \(limit)
            """
        let relevance = Relevance(words: words)
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
            let title: [UInt8] = (row[1] as DatabaseValue).bytes
            let body: [UInt8] = (row[2] as DatabaseValue).bytes
            return Candidate(seq: row[0], rank: relevance.rank(title: title, body: body))
        }
    }

    /// The page after `after`: first the window by rank, then older matches by age.
    ///
    /// The window is the newest ``window`` matches when the first page is asked for; later pages rank
    /// every match from that first page's lowest `seq` up (entries written since included), so nothing
    /// falls between the window and the older ones.
    func page(_ db: Database, after: SearchPosition?, limit: Int) throws -> [(Candidate, SearchPosition)] {
        var results: [(Candidate, SearchPosition)] = []
        var floor = after?.floor ?? 0
        if after?.pastWindow != true {
            let window =
                after == nil
                ? try candidates(db, limit: Self.window)
                : try candidates(db, atLeast: floor, limit: Int(Int32.max))
            if after == nil { floor = window.last?.seq ?? 0 }
            let ranked = window.sorted { ($0.rank, $0.seq) < ($1.rank, $1.seq) }
            for candidate in ranked where after.map({ (candidate.rank, candidate.seq) > ($0.rank, $0.seq) }) ?? true {
                results.append(
                    (
                        candidate,
                        SearchPosition(floor: floor, pastWindow: false, rank: candidate.rank, seq: candidate.seq)
                    ))
                if results.count == limit { return results }
            }
        }
        let below = after?.pastWindow == true ? after!.seq : floor
        for candidate in try candidates(db, below: below, limit: limit - results.count) {
            results.append(
                (candidate, SearchPosition(floor: floor, pastWindow: true, rank: candidate.rank, seq: candidate.seq)))
        }
        return results
    }
}

extension DatabaseValue {
    /// A blob's bytes (empty for anything else).
    fileprivate var bytes: [UInt8] {
        if case .blob(let data) = storage { return [UInt8](data) }
        return []
    }
}
