import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport

/// What a user can see of a diary: every record the list methods return, and the blob files on disk with
/// their bytes' SHA-256 (by `sha256sum`). Two states are equal when nothing visible differs.
struct DiaryState: Equatable {
    var pets: Set<PetRecord>
    var albums: Set<AlbumRecord>
    var photos: Set<PhotoRecord>
    var entries: Set<EntryRecord>
    var sounds: Set<SoundRecord>
    var settings: SettingsRecord
    /// Entry or photo id → its voice notes as `notes.list` returns them (only those with notes).
    var notes: [String: [NoteRecord]]
    /// Blob file names under `blobs/sha256/`.
    var blobFiles: Set<String>
    /// Files in `blobs/tmp/`.
    var temporaryFiles: [String]

    static func read(_ client: RPCClient, dataDirectory: String) async throws -> DiaryState {
        let photos = try await client.call(PhotosList.self, .init(limit: 500)).items
        let entries = try await client.call(DiaryList.self, .init(limit: 500)).items
        return DiaryState(
            pets: Set(try await client.call(PetsList.self, .init(limit: 500)).items),
            albums: Set(try await client.call(AlbumsList.self, .init(limit: 500)).items),
            photos: Set(photos),
            entries: Set(entries),
            sounds: Set(try await client.call(SoundsList.self, .init(limit: 500)).items),
            settings: try await client.call(SettingsGet.self),
            notes: try await notes(client, entryIds: entries.map(\.id), photoIds: photos.map(\.id)),
            blobFiles: Set(Self.files(under: dataDirectory + "/blobs/sha256")),
            temporaryFiles: Self.files(under: dataDirectory + "/blobs/tmp"))
    }

    /// `notes.list` of each entry and photo, keeping those with notes.
    static func notes(_ client: RPCClient, entryIds: [String], photoIds: [String]) async throws -> [String:
        [NoteRecord]]
    {
        var notes: [String: [NoteRecord]] = [:]
        for id in entryIds {
            let items = try await client.call(NotesList.self, .init(entryId: id)).items
            if !items.isEmpty { notes[id] = items }
        }
        for id in photoIds {
            let items = try await client.call(NotesList.self, .init(photoId: id)).items
            if !items.isEmpty { notes[id] = items }
        }
        return notes
    }

    /// The user's own sounds: the built-in ones are made at start-up by each core, so their times differ.
    var ownSounds: Set<SoundRecord> { sounds.filter { $0.kind != "builtin" } }

    static func files(under directory: String) -> [String] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// The bytes of the blob named `sha256`.
    static func blob(_ sha256: String, in dataDirectory: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: dataDirectory + "/blobs/sha256/\(sha256.prefix(2))/\(sha256)"))
    }
}
