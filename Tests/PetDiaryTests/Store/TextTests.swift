import Foundation
import PetDiary
import Testing

struct TextTests {
    @Test(arguments: [
        ("#산책 #walk", ["산책", "walk"]),
        ("오늘은#산책 아님", []),
        ("C# and #Swift_6 #swift_6", ["swift_6"]),
        ("#公園、#park!", ["公園", "park"]),
        ("## #", []),
    ])
    func tagsAreFoundInAnyScript(text: String, tags: [String]) {
        #expect(TagParser.tags(in: text) == tags)
    }

    @Test(arguments: [
        ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z"),
        ("2024-05-01T19:00:00+09:00", "2024-05-01T10:00:00.000Z"),
        ("2024-05-01T10:00:00.5Z", "2024-05-01T10:00:00.500Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
    ])
    func timestampsNormaliseToUTCMilliseconds(input: String, stored: String) {
        #expect(Timestamp.normalized(input) == stored)
    }

    @Test(arguments: ["2024-05-01", "2024-13-01T00:00:00Z", "2024-05-01T10:00:00", "tomorrow", ""])
    func nonTimestampsAreRejected(input: String) {
        #expect(Timestamp.normalized(input) == nil)
    }

    @Test func timestampFormatMatchesFoundation() {
        let date = Date(timeIntervalSince1970: 1_716_000_000.25)
        let foundation = date.formatted(
            .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
        #expect(Timestamp.string(from: date) == "2024-05-18T02:40:00.250Z")
        #expect(foundation.hasPrefix("2024-05-18T02:40:00.250"))
    }
}
