import Foundation
import JSONRPC
@testable import PetDiary
import Testing
@testable import ToolkitCore

/// The records' own JSON is the same JSON the shared encoder writes, key order included.
struct JSONWritableTests {
    static let entry = DiaryEntry(
        id: "e1", petId: nil, title: "첫 \"산책\" 🐶", body: "line\nbreak \\ #산책", date: "2024-05-01", favorite: true,
        tags: ["산책"], photoIds: ["p1", "p2"], createdAt: "2024-05-01T10:00:00.000Z", updatedAt: "2024-05-01T10:00:00.000Z")

    func same(_ value: some JSONWritable & Encodable) throws {
        var writer = JSONWriter()
        value.write(to: &writer)
        let written = String(decoding: writer.bytes, as: UTF8.self)
        let encoded = try RawJSON(encoding: value).text
        let parsedWritten = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
        let parsedEncoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? NSDictionary
        #expect(parsedWritten == parsedEncoded, "\(written)\n\(encoded)")
        #expect(!Self.keys(in: written).isEmpty)
        #expect(Self.keys(in: written) == Self.keys(in: encoded), "key order")
    }

    /// The object keys of a JSON text in the order written (no test value contains `":`).
    static func keys(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)":"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    @Test func entriesPagesAndHitsMatchTheEncoder() throws {
        try same(Self.entry)
        try same(Page(items: [Self.entry], nextCursor: "abc"))
        try same(Page(items: [SearchHit(entry: Self.entry, snippet: "<mark>산책</mark>", rank: -1.25)], nextCursor: nil))
    }

    @Test func photosPetsAndAlbumsMatchTheEncoder() throws {
        try same(Photo(
            id: "p", albumId: "a", sha256: String(repeating: "a", count: 64), bytes: 12, mediaType: "image/png", width: 2,
            height: 1, orientation: nil, durationSeconds: 1.5, takenAt: "t", importedAt: "i", filename: nil, memo: "",
            favorite: false, duplicate: true))
        try same(Pet(id: "p", name: "보리", species: nil, breed: "진돗개", birthday: nil, notes: nil, shutterSoundId: nil, createdAt: "c", updatedAt: "u"))
        try same(Album(id: "a", petId: nil, title: "t", photoCount: 3, coverPhotoId: nil, createdAt: "c", updatedAt: "u"))
    }
}
