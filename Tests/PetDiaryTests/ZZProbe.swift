@testable import PetDiary
import GRDB
import Testing
import Foundation

struct ZZProbe {
    @Test func probe() async throws {
        guard let path = ProcessInfo.processInfo.environment["PROBE_DB"] else { return }
        let store = try DiaryStore(path: path)
        try Self.sqlProbes(store)
        let start = ContinuousClock.now
        _ = try await store.entries(EntryFilter(), page: PageRequest())
        print("PROBE entries(): \(ContinuousClock.now - start)")
        let s2 = ContinuousClock.now
        _ = try await store.search("river", filter: EntryFilter(), page: PageRequest())
        print("PROBE search(): \(ContinuousClock.now - s2)")
    }

    static func sqlProbes(_ store: DiaryStore) throws {
        func time(_ label: String, _ sql: String, _ args: StatementArguments = []) throws {
            let start = ContinuousClock.now
            var count = 0
            try store.writer.read { db in count = try Row.fetchAll(db, sql: sql, arguments: args).count }
            print("PROBE \(label): \(ContinuousClock.now - start) rows \(count)")
        }
        for q in ["\"river\"", "\"산책\""] {
            try time("floor-join \(q)", "SELECT min(seq) FROM (SELECT entry_fts.rowid AS seq FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid WHERE entry_fts MATCH ? ORDER BY entry_fts.rowid DESC LIMIT 500)", [q])
            try time("floor-nojoin \(q)", "SELECT min(seq) FROM (SELECT rowid AS seq FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rowid DESC LIMIT 500)", [q])
            try time("count \(q)", "SELECT count(*) FROM entry_fts WHERE entry_fts MATCH ?", [q])
            let floor = try store.writer.read { db in try Int64.fetchOne(db, sql: "SELECT min(seq) FROM (SELECT rowid AS seq FROM entry_fts WHERE entry_fts MATCH ? ORDER BY rowid DESC LIMIT 500)", arguments: [q]) } ?? 0
            try time("rank-window \(q)", "SELECT rowid, bm25(entry_fts) r FROM entry_fts WHERE entry_fts MATCH ? AND rowid >= ? ORDER BY r LIMIT 21", [q, floor])
            try time("rank-window-join \(q)", "SELECT entry_fts.rowid, bm25(entry_fts) r FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid WHERE entry_fts MATCH ? AND entry_fts.rowid >= ? ORDER BY r LIMIT 21", [q, floor])
            try time("snippet-one \(q)", "SELECT snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) FROM entry_fts WHERE entry_fts MATCH ? AND rowid = ?", [q, floor])
            try time("explain", "EXPLAIN QUERY PLAN WITH hits AS (SELECT entry_fts.rowid AS hitSeq, bm25(entry_fts) AS hitRank FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid WHERE entry_fts MATCH ? AND entry_fts.rowid >= ? ORDER BY hitRank, hitSeq LIMIT 21) SELECT hits.hitSeq, snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) FROM hits JOIN entry_fts ON entry_fts.rowid = hits.hitSeq AND entry_fts MATCH ? JOIN entry ON entry.seq = hits.hitSeq", [q, floor, q])
            try store.writer.read { db in
                for row in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN WITH hits AS (SELECT entry_fts.rowid AS hitSeq, bm25(entry_fts) AS hitRank FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid WHERE entry_fts MATCH ? AND entry_fts.rowid >= ? ORDER BY hitRank, hitSeq LIMIT 21) SELECT hits.hitSeq, snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) FROM hits JOIN entry_fts ON entry_fts.rowid = hits.hitSeq AND entry_fts MATCH ? JOIN entry ON entry.seq = hits.hitSeq", arguments: [q, floor, q]) { print("PROBE plan", row["detail"] ?? "") }
            }
            try time("full-ranked \(q)", "WITH hits AS (SELECT entry_fts.rowid AS hitSeq, bm25(entry_fts) AS hitRank FROM entry_fts JOIN entry ON entry.seq = entry_fts.rowid WHERE entry_fts MATCH ? AND entry_fts.rowid >= ? ORDER BY hitRank, hitSeq LIMIT 21) SELECT hits.hitSeq, snippet(entry_fts, -1, '<mark>', '</mark>', '…', 24) FROM hits JOIN entry_fts ON entry_fts.rowid = hits.hitSeq AND entry_fts MATCH ? JOIN entry ON entry.seq = hits.hitSeq", [q, floor, q])
        }
    }
}
