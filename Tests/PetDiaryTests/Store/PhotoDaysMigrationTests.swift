import Foundation
import GRDB
import Testing
import ToolkitTestSupport

@testable import PetDiary

/// A diary from before days were cut where they were lived: opening it gives each photo its day in the diary's
/// time zone, and opening it in another zone cuts them again.
struct PhotoDaysMigrationTests {
    @Test func photosStoredBeforeGetTheirDayInTheDiarysZone() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("toolkit.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(tokenizer: BigramTokenizer.self) }
        do {
            let old = try DatabasePool(path: path, configuration: configuration)
            try Schema.migrator.migrate(old, upTo: "v6 video renditions")
            try await old.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO album (id, title, createdAt, updatedAt) VALUES ('a', 'Walks', 't', 't');
                        INSERT INTO photo (id, albumId, sha256, bytes, mediaType, takenAt, importedAt)
                        VALUES ('late', 'a', 's1', 1, 'image/jpeg', '2024-05-09T23:30:00.000Z', 't'),
                               ('noon', 'a', 's2', 1, 'image/jpeg', '2024-05-09T03:00:00.000Z', 't');
                        """)
            }
            try old.close()
        }

        let seoul = try DiaryStore(path: path, timeZone: try #require(TimeZone(identifier: "Asia/Seoul")))
        #expect(try await seoul.photos.get(id: "late").takenDay == "2024-05-10")
        #expect(try await seoul.photos.get(id: "noon").stored.takenLocal?.text == "2024-05-09T12:00:00+09:00")
        let may = try await seoul.entries.calendar(year: 2024, month: 5, petId: nil)
        #expect(may.days.map(\.date) == ["2024-05-09", "2024-05-10"])

        let angeles = try DiaryStore(path: path, timeZone: try #require(TimeZone(identifier: "America/Los_Angeles")))
        #expect(try await angeles.photos.get(id: "late").stored.takenLocal?.text == "2024-05-09T16:30:00-07:00")
        #expect(try await angeles.photos.get(id: "noon").takenDay == "2024-05-08")
    }
}
