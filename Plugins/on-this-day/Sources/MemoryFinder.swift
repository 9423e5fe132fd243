import ToolkitPlugin

/// Finds the memories of a day through the core's methods.
struct MemoryFinder {
    let core: RPCClient

    /// The entries and photos of `day`'s month and day in each of the `years` before it.
    /// - Parameters:
    ///   - petId: only this pet's entries and the photos in its albums; every pet's and none's when nil.
    ///   - yearDone: told how many years are looked at so far.
    /// - Throws: the core's error (-32001 for an unknown pet), or `CancellationError`.
    func memories(
        on day: Day, years: Int, petId: String?, yearDone: (Int) -> Void = { _ in }
    ) async throws -> MemoriesOnThisDay.Result {
        var found: [(year: Int, date: Day, entries: [EntryRecord], photos: [PhotoRecord])] = []
        for yearsAgo in 1...years {
            try Task.checkCancellation()
            if let date = day.same(inYear: day.year - yearsAgo) {
                let text = date.description
                let entries = try await all { cursor in
                    try await core.call(
                        DiaryList.self,
                        .init(petId: petId, from: text, to: text, order: "oldest", limit: 500, cursor: cursor))
                }
                let photos = try await all { cursor in
                    try await core.call(
                        PhotosList.self,
                        .init(petId: petId, from: text, to: text, order: "oldest", limit: 500, cursor: cursor))
                }
                if !entries.isEmpty || !photos.isEmpty { found.append((date.year, date, entries, photos)) }
            }
            yearDone(yearsAgo)
        }
        guard !found.isEmpty else { return .init(date: day.description, count: 0, years: []) }
        let petNames = Dictionary(
            try await all { try await core.call(PetsList.self, .init(limit: 500, cursor: $0)) }.map {
                ($0.id, $0.name)
            },
            uniquingKeysWith: { first, _ in first })
        let albumPets = Dictionary(
            try await all { try await core.call(AlbumsList.self, .init(limit: 500, cursor: $0)) }.map {
                ($0.id, $0.petId)
            },
            uniquingKeysWith: { first, _ in first })
        let years = found.map { year in
            MemoriesOnThisDay.YearMemories(
                year: year.year, yearsAgo: day.year - year.year, date: year.date.description,
                pets: Self.byPet(
                    entries: year.entries, photos: year.photos, petNames: petNames,
                    photoPet: { albumPets[$0.albumId] ?? nil }))
        }
        let count = found.reduce(0) { $0 + $1.entries.count + $1.photos.count }
        return .init(date: day.description, count: count, years: years)
    }

    /// Groups one day's entries and photos by pet: pets by name, then the group of no pet.
    static func byPet(
        entries: [EntryRecord], photos: [PhotoRecord], petNames: [String: String],
        photoPet: (PhotoRecord) -> String?
    ) -> [MemoriesOnThisDay.PetMemories] {
        var groups: [String?: MemoriesOnThisDay.PetMemories] = [:]
        for entry in entries {
            groups[entry.petId, default: .init(petId: entry.petId, petName: nil, entries: [], photos: [])]
                .entries.append(entry)
        }
        for photo in photos {
            let petId = photoPet(photo)
            groups[petId, default: .init(petId: petId, petName: nil, entries: [], photos: [])].photos.append(photo)
        }
        return groups.values.map { group in
            var group = group
            group.petName = group.petId.flatMap { petNames[$0] }
            return group
        }.sorted { left, right in
            switch (left.petId, right.petId) {
            case (nil, _): return false
            case (_, nil): return true
            default: return (left.petName ?? "", left.petId ?? "") < (right.petName ?? "", right.petId ?? "")
            }
        }
    }

    /// Every item of a paged list, following `nextCursor`.
    private func all<Item>(_ page: (String?) async throws -> PageRecord<Item>) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        repeat {
            let next = try await page(cursor)
            items += next.items
            cursor = next.nextCursor
        } while cursor != nil
        return items
    }
}
