import GRDB

/// How many records the diary holds.
package struct DiaryCounts: Sendable, Hashable {
    package var pets: Int
    package var albums: Int
    package var photos: Int
    package var entries: Int
}

extension DiaryStore {
    /// How many pets, albums, photos and entries there are.
    package func counts() async throws -> DiaryCounts {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM pet) AS pets, (SELECT COUNT(*) FROM album) AS albums,
                        (SELECT COUNT(*) FROM photo) AS photos, (SELECT COUNT(*) FROM entry) AS entries
                    """)!
            return DiaryCounts(pets: row["pets"], albums: row["albums"], photos: row["photos"], entries: row["entries"])
        }
    }
}
