import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport

/// Everything a user sees of a diary, through the methods: every record of every kind, and the bytes of
/// every photo and sound file, read from the data directory by SHA-256.
struct DiaryContents: Equatable, CustomStringConvertible {
    var pets: [PetRecord]
    var albums: [AlbumRecord]
    var photos: [PhotoRecord]
    var entries: [EntryRecord]
    var sounds: [SoundRecord]
    var settings: SettingsRecord
    /// Entry or photo id → its voice notes as `notes.list` returns them (only those with notes).
    var notes: [String: [NoteRecord]]
    /// SHA-256 → the file's bytes, for each photo and sound.
    var files: [String: Data]
    /// Each entry's title → the ids `diary.search` finds for it: the search index as a user meets it.
    var searches: [String: [String]]

    static func capture(_ client: RPCClient, dataDirectory: String) async throws -> DiaryContents {
        let photos = try await client.call(PhotosList.self, .init(limit: 500)).items
        let sounds = try await client.call(SoundsList.self, .init(limit: 500)).items
        var files: [String: Data] = [:]
        for sha256 in Set(photos.map(\.sha256) + sounds.map(\.sha256)) {
            files[sha256] = try blob(sha256, in: dataDirectory)
        }
        let entries = try await client.call(DiaryList.self, .init(limit: 500)).items
        var searches: [String: [String]] = [:]
        for title in Set(entries.map(\.title)) where title.count >= 2 {
            let hits = try await client.call(DiarySearch.self, .init(query: title, limit: 100)).items
            searches[title] = hits.map(\.entry.id).sorted()
        }
        return DiaryContents(
            pets: try await client.call(PetsList.self, .init(limit: 500)).items,
            albums: try await client.call(AlbumsList.self, .init(limit: 500)).items,
            photos: photos,
            entries: entries,
            sounds: sounds,
            settings: try await client.call(SettingsGet.self),
            notes: try await DiaryState.notes(client, entryIds: entries.map(\.id), photoIds: photos.map(\.id)),
            files: files,
            searches: searches)
    }

    /// The bytes of the blob `sha256` under `DATA/blobs/sha256/`.
    static func blob(_ sha256: String, in dataDirectory: String) throws -> Data {
        let root = dataDirectory + "/blobs/sha256"
        let fanOut = try FileManager.default.contentsOfDirectory(atPath: root)
        for folder in fanOut where FileManager.default.fileExists(atPath: "\(root)/\(folder)/\(sha256)") {
            return try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(folder)/\(sha256)"))
        }
        throw TestFailure("no blob \(sha256) in \(dataDirectory)")
    }

    var description: String {
        "\(pets.count) pets, \(albums.count) albums, \(photos.count) photos, \(entries.count) entries, "
            + "\(sounds.count) sounds, \(notes.values.joined().count) notes, \(files.count) files, "
            + "diary '\(settings.diaryName)'"
    }
}
