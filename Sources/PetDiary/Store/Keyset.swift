import Hashing
import GRDB

/// Keyset pagination over an ordered list of columns: "the rows after this key", in either direction.
struct Keyset {
    /// The columns that order the list, ending in one that is unique (usually `id`).
    var columns: [String]
    /// Binds cursors to one list with one set of filters.
    var scope: String

    /// Runs `select` (a `SELECT … FROM … ` without WHERE) with `conditions`, one page at a time.
    ///
    /// Fetches one row more than the limit to know whether a next page exists; the next cursor holds
    /// the sort key of the last row returned, read from the row's `columns` (aliases allowed).
    func fetchPage<Item: Sendable>(
        _ db: Database, select: String, conditions: [String], arguments: StatementArguments,
        page: PageRequest, defaultOrder: ListOrder, signingKey: HMACKey,
        item: (Row) throws -> Item
    ) throws -> Page<Item> {
        guard (1...PageRequest.maximumLimit).contains(page.limit) else {
            throw DiaryError.invalid(
                "limit", "limit is \(page.limit); ask for 1 to \(PageRequest.maximumLimit) items.",
                limit: PageRequest.maximumLimit)
        }
        let cursor = try page.cursor.map {
            try PageCursor.decode($0, scope: scope, keyCount: columns.count, signingKey: signingKey)
        }
        let order = cursor?.order ?? page.order ?? defaultOrder
        var conditions = conditions
        var arguments = arguments
        if let cursor {
            let comparison = order == .newest ? "<" : ">"
            let placeholders = columns.map { _ in "?" }.joined(separator: ", ")
            conditions.append("(\(columns.joined(separator: ", "))) \(comparison) (\(placeholders))")
            arguments += StatementArguments(cursor.key)
        }
        let direction = order == .newest ? "DESC" : "ASC"
        var sql = select
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + columns.map { "\($0) \(direction)" }.joined(separator: ", ")
        sql += " LIMIT \(page.limit + 1)"

        // Rows are read in place from the statement (copying each row, with its column names, cost more
        // than the query); the key is read from the last row returned, when one more row follows.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var items: [Item] = []
        items.reserveCapacity(page.limit)
        var lastKey: [String] = []
        var hasMore = false
        while let row = try rows.next() {
            guard items.count < page.limit else {
                hasMore = true
                break
            }
            items.append(try item(row))
            if items.count == page.limit { lastKey = key(of: row) }
        }
        let nextCursor =
            hasMore ? PageCursor(scope: scope, order: order, key: lastKey).encoded(signingKey: signingKey) : nil
        return Page(items: items, nextCursor: nextCursor)
    }

    /// The row's values of ``columns``, read by their names without the table.
    private func key(of row: Row) -> [String] {
        columns.map { column in
            let name = column.split(separator: ".").last.map(String.init) ?? column
            return (row[name] as DatabaseValue).description(forCursor: ())
        }
    }
}

extension DatabaseValue {
    /// The value as cursor text: strings as they are, numbers in a form that reads back exactly.
    fileprivate func description(forCursor: Void) -> String {
        switch storage {
        case .string(let text): text
        case .int64(let value): String(value)
        case .double(let value): String(value)
        case .null, .blob: ""
        }
    }
}
