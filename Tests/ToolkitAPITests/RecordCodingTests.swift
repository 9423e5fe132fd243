import Foundation
import JSONRPC
import Testing
import ToolkitAPI

/// The wire records write the same JSON through their own writer as through the shared encoder (key order
/// included), and a client decodes back exactly what the core wrote.
struct RecordCodingTests {
    static let entry = EntryRecord(
        id: "e1", petId: nil, title: "첫 \"산책\" 🐶", body: "line\nbreak \\ #산책", date: "2024-05-01", favorite: true,
        tags: ["산책"], photoIds: ["p1", "p2"], createdAt: "2024-05-01T10:00:00.000Z",
        updatedAt: "2024-05-01T10:00:00.000Z")
    static let photo = PhotoRecord(
        id: "p", albumId: "a", sha256: String(repeating: "a", count: 64), bytes: 12, mediaType: "image/png", width: 2,
        height: 1, orientation: nil, durationSeconds: 1.5, takenAt: "t", importedAt: "i", filename: nil, memo: "",
        favorite: false, duplicate: true)
    static let pet = PetRecord(
        id: "p", name: "보리", species: nil, breed: "진돗개", birthday: nil, notes: nil, shutterSoundId: nil,
        createdAt: "c", updatedAt: "u")
    static let album = AlbumRecord(
        id: "a", petId: nil, title: "t", photoCount: 3, coverPhotoId: nil, createdAt: "c", updatedAt: "u")

    /// Writes `value` through its writer and through `JSONEncoder` (its `Encodable`, sorted keys), and decodes
    /// it back.
    func check<T: JSONWritable & Codable & Equatable>(_ value: T) throws {
        var writer = JSONWriter()
        value.write(to: &writer)
        let written = String(decoding: writer.bytes, as: UTF8.self)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(written == encoded)
        #expect(try RawJSON(unchecked: written).decode(T.self) == value)
    }

    @Test func entriesPagesAndHitsWriteAsTheEncoderDoes() throws {
        try check(Self.entry)
        try check(PageRecord(items: [Self.entry], nextCursor: "abc"))
        try check(PageRecord(items: [SearchHitRecord(entry: Self.entry, snippet: "<mark>산책</mark>", rank: -1.25)]))
    }

    @Test func photosPetsAndAlbumsWriteAsTheEncoderDoes() throws {
        try check(Self.photo)
        try check(Self.pet)
        try check(Self.album)
        try check(
            SettingsRecord(
                diaryName: "보리", themeColor: "#FFAA00", defaultOrder: "newest", titleLimit: 15, bodyLimit: 500))
        var imported = Self.photo
        imported.duplicate = nil
        try check(imported)
    }

    @Test func unsetFieldsAreNullAndDuplicateOnlyWhenSet() throws {
        let text = try RawJSON(encoding: Self.pet).text
        #expect(
            text
                == #"{"birthday":null,"breed":"진돗개","createdAt":"c","id":"p","name":"보리","notes":null,"#
                + #""shutterSoundId":null,"species":null,"updatedAt":"u"}"#)
        var photo = Self.photo
        photo.duplicate = nil
        #expect(!(try RawJSON(encoding: photo).text.contains("duplicate")))
    }

    @Test func paramsLeaveOutWhatIsNotGiven() throws {
        let text = try RawJSON(encoding: PetsCreate.Params(name: "보리", breed: "진돗개")).text
        #expect(text == #"{"breed":"진돗개","name":"보리"}"#)
    }

    /// Params that keep some members in a group (a list's filter and page, an update's changes) still travel as
    /// one flat object, and read back equal.
    @Test func groupedParamsTravelFlat() throws {
        var list = DiaryList.Params(petId: "p", tag: "산책", order: "oldest", limit: 5)
        list.cursor = "c"
        #expect(
            try RawJSON(encoding: list).text
                == #"{"cursor":"c","limit":5,"order":"oldest","petId":"p","tag":"산책"}"#)
        #expect(try RawJSON(encoding: list).decode(DiaryList.Params.self) == list)
        let photos = PhotosList.Params(albumId: "a", from: "2024-05-01", to: "2024-05-02")
        #expect(try RawJSON(encoding: photos).text == #"{"albumId":"a","from":"2024-05-01","to":"2024-05-02"}"#)
        #expect(try RawJSON(encoding: photos).decode(PhotosList.Params.self) == photos)
        var update = DiaryUpdate.Params(id: "e", favorite: true)
        update.title = "산책"
        #expect(try RawJSON(encoding: update).text == #"{"favorite":true,"id":"e","title":"산책"}"#)
        #expect(try RawJSON(encoding: update).decode(DiaryUpdate.Params.self) == update)
    }
}
