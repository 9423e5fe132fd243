import PetDiary
import Sharing
import ToolkitAPI

// The diary's lists and results as they go on the wire; the records of the diary's models themselves are
// Sharing's (its Wire folder), where the bundles and backups write them.

extension SearchHitRecord {
    init(_ hit: SearchHit) {
        self.init(entry: EntryRecord(hit.entry), snippet: hit.snippet, rank: hit.rank)
    }
}

extension PageRecord {
    /// A page of domain records as a page of wire records.
    init<Domain>(_ page: Page<Domain>, _ transform: (Domain) -> Item) {
        self.init(items: page.items.map(transform), nextCursor: page.nextCursor)
    }
}

extension CalendarRecord {
    init(_ month: CalendarMonth) {
        self.init(
            year: month.year, month: month.month,
            days: month.days.map { Day(date: $0.date, entries: $0.entries, photos: $0.photos, videos: $0.videos) })
    }
}

extension TagCountRecord {
    init(_ count: TagCount) {
        self.init(tag: count.tag, count: count.count)
    }
}

extension DeletionRecord {
    init(_ deletion: DeletionResult) {
        self.init(albums: deletion.albums, photos: deletion.photos, entries: deletion.entries)
    }
}
