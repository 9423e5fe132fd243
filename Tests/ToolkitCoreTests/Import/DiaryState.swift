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
    /// Blob file names under `blobs/sha256/`.
    var blobFiles: Set<String>
    /// Files in `blobs/tmp/`.
    var temporaryFiles: [String]

    static func read(_ client: RPCClient, dataDirectory: String) async throws -> DiaryState {
        DiaryState(
            pets: Set(try await client.call(PetsList.self, .init(limit: 500)).items),
            albums: Set(try await client.call(AlbumsList.self, .init(limit: 500)).items),
            photos: Set(try await client.call(PhotosList.self, .init(limit: 500)).items),
            entries: Set(try await client.call(DiaryList.self, .init(limit: 500)).items),
            sounds: Set(try await client.call(SoundsList.self, .init(limit: 500)).items),
            settings: try await client.call(SettingsGet.self),
            blobFiles: Set(Self.files(under: dataDirectory + "/blobs/sha256")),
            temporaryFiles: Self.files(under: dataDirectory + "/blobs/tmp"))
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
