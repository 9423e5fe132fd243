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
            DiaryCounts(
                pets: try Pet.fetchCount(db), albums: try AlbumRow.fetchCount(db), photos: try PhotoRow.fetchCount(db),
                entries: try EntryRow.fetchCount(db))
        }
    }
}
