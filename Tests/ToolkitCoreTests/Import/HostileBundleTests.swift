import Archiving
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Bundles made hostile or damaged on purpose, imported through the built core: each is refused with
/// -32007 naming the member and the reason, and the receiving diary is exactly as before (records, blob
/// files, no temp file).
struct HostileBundleTests {
    struct Case: Sendable {
        var name: String
        /// The member the error must name.
        var entry: Entry
        var reason: String
        var tamper: @Sendable (inout BundleDraft) async throws -> Void
    }

    /// A member's name, or where to find it in the draft (media and sound names are their hashes).
    enum Entry: Sendable {
        case named(String)
        case first(String)

        func name(in draft: BundleDraft) throws -> String {
            switch self {
            case .named(let name): name
            case .first(let prefix): try draft.first(prefix)
            }
        }
    }

    static let cases: [Case] = [
        Case(name: "path traversal", entry: .named("../evil.sh"), reason: "path-traversal") { draft in
            draft.extras.append(["name": "../evil.sh", "type": "file", "text": "echo owned"])
        },
        Case(name: "absolute name", entry: .named("/tmp/evil.sh"), reason: "absolute-path") { draft in
            draft.extras.append(["name": "/tmp/evil.sh", "type": "file", "text": "echo owned"])
        },
        Case(name: "symbolic link", entry: .named("media/link.jpg"), reason: "symlink") { draft in
            draft.extras.append(["name": "media/link.jpg", "type": "symlink", "link": "/etc/passwd"])
        },
        Case(name: "hard link", entry: .named("data/hard.jsonl"), reason: "hardlink") { draft in
            draft.extras.append(["name": "data/hard.jsonl", "type": "hardlink", "link": "manifest.json"])
        },
        Case(name: "manifest lies about a size", entry: .named("data/pets.jsonl"), reason: "size-mismatch") {
            draft in
            draft.editManifest = { manifest in
                for index in manifest.members.indices where manifest.members[index].path == "data/pets.jsonl" {
                    manifest.members[index].size += 1
                }
            }
        },
        Case(name: "manifest lies about a SHA-256", entry: .named("data/entries.jsonl"), reason: "sha256-mismatch") {
            draft in
            draft.editManifest = { manifest in
                for index in manifest.members.indices where manifest.members[index].path == "data/entries.jsonl" {
                    manifest.members[index].sha256 = String(repeating: "0", count: 64)
                }
            }
        },
        Case(name: "a member not in the manifest", entry: .first("media/"), reason: "unexpected") {
            draft in
            let media = try draft.first("media/")
            draft.editManifest = { manifest in manifest.members.removeAll { $0.path == media } }
        },
        Case(name: "a listed member missing", entry: .first("media/"), reason: "missing") { draft in
            draft.omitted.insert(try draft.first("media/"))
        },
        Case(name: "media content is not its name", entry: .first("media/"), reason: "name-mismatch") {
            draft in
            try Data("not the photo".utf8).write(to: URL(fileURLWithPath: draft.path(try draft.first("media/"))))
        },
        Case(
            name: "zstd bomb", entry: .named("media/\(String(repeating: "0", count: 64)).bin"), reason: "ratio"
        ) { draft in
            let name = "media/\(String(repeating: "0", count: 64)).bin"
            let size = 200 << 20
            draft.extras.append(["name": name, "type": "zeros", "size": size])
            draft.editManifest = { manifest in
                manifest.members.append(.init(path: name, size: Int64(size), sha256: String(repeating: "0", count: 64)))
            }
        },
        Case(name: "a photo whose file is nowhere", entry: .named("data/photos.jsonl"), reason: "missing-blob") {
            draft in
            try draft.editLines("data/photos.jsonl") { lines in
                let other = String(repeating: "ab", count: 32)
                lines[0] = lines[0].replacing(/"sha256":"[0-9a-f]{64}"/, with: "\"sha256\":\"\(other)\"")
            }
        },
        Case(name: "a photo record lying about its size", entry: .named("data/photos.jsonl"), reason: "size-mismatch") {
            draft in
            try draft.editLines("data/photos.jsonl") { lines in
                lines[0] = lines[0].replacing(/"bytes":\d+/, with: "\"bytes\":1")
            }
        },
        Case(name: "a malformed line", entry: .named("data/entries.jsonl"), reason: "bad-record") { draft in
            try draft.editLines("data/entries.jsonl") { lines in lines.insert("{\"id\": \"x\", oops", at: 1) }
        },
        Case(name: "a photo whose album is missing", entry: .named("data/photos.jsonl"), reason: "unresolved-reference")
        { draft in
            try draft.editLines("data/albums.jsonl") { lines in lines.removeAll() }
        },
        Case(name: "a sound that is not a WAV", entry: .first("sounds/"), reason: "malformed-wav") { draft in
            // The name and manifest agree with the bytes, and the records point at them: only the WAV reader objects.
            let sound = try draft.first("sounds/")
            let bytes = Array("RIFF....WAVEnot really".utf8)
            let records = try await BundleManifest.records(hashing: [ArchiveMember(name: "x", source: .bytes(bytes))])
            let sha256 = records[0].sha256
            let old = String(sound.dropFirst("sounds/".count).dropLast(4))
            try Data(bytes).write(to: URL(fileURLWithPath: draft.path("sounds/\(sha256).wav")))
            draft.files = draft.files.map { $0 == sound ? "sounds/\(sha256).wav" : $0 }
            try draft.editLines("data/sounds.jsonl") { lines in
                lines = lines.map { $0.replacingOccurrences(of: old, with: sha256) }
            }
        },
        Case(name: "a note whose sound is nowhere", entry: .named("data/notes.jsonl"), reason: "unresolved-reference") {
            draft in
            try draft.editLines("data/notes.jsonl") { lines in
                lines[0] = lines[0].replacing(/"soundId":"[^"]+"/, with: "\"soundId\":\"no-such-sound\"")
            }
        },
        Case(name: "a note whose entry is nowhere", entry: .named("data/notes.jsonl"), reason: "unresolved-reference") {
            draft in
            try draft.editLines("data/notes.jsonl") { lines in
                lines[0] = lines[0].replacing(/"entryId":"[^"]+"/, with: "\"entryId\":\"no-such-entry\"")
            }
        },
        Case(
            name: "a note on neither an entry nor a photo", entry: .named("data/notes.jsonl"), reason: "bad-note-target"
        ) { draft in
            try draft.editLines("data/notes.jsonl") { lines in
                lines[0] = lines[0].replacing(/"entryId":"[^"]+"/, with: "\"entryId\":null")
            }
        },
        Case(name: "a note on both an entry and a photo", entry: .named("data/notes.jsonl"), reason: "bad-note-target")
        { draft in
            let photo = try #require(
                try String(contentsOfFile: draft.path("data/photos.jsonl"), encoding: .utf8)
                    .firstMatch(of: /"id":"([^"]+)"/)?.output.1)
            try draft.editLines("data/notes.jsonl") { lines in
                lines[0] = lines[0].replacingOccurrences(of: "\"photoId\":null", with: "\"photoId\":\"\(photo)\"")
            }
        },
    ]

    @Test func eachHostileOrDamagedBundleIsRefusedNamingTheMemberAndChangesNothing() async throws {
        let sender = try CoreProcess()
        defer { _ = sender.stop() }
        let receiver = try CoreProcess()
        defer { _ = receiver.stop() }
        let from = try await RPCClient.connect(to: sender.socketPath)
        let to = try await RPCClient.connect(to: receiver.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: from, files: files)
        _ = try await fixture.attachNotes(with: from, files: files)
        let work = try TemporaryDirectory()
        // Only one pet's bundle, so the photo records name photos of the sender's bundle only; the receiver
        // already has a pet and a photo of its own.
        let good = try await from.call(
            ExportCreate.self, .init(path: work.appending("good.tar.zst"), petId: fixture.boree.id)
        ).path
        let own = try await to.call(PetsCreate.self, .init(name: "나비"))
        let album = try await to.call(AlbumsCreate.self, .init(title: "창가", petId: own.id))
        let photo = try files.write("own.png", try MediaSamples.fixture("tiny-24x12.png"))
        _ = try await to.call(PhotosImport.self, .init(albumId: album.id, path: photo))
        let before = try await DiaryState.read(to, dataDirectory: receiver.dataDirectory)

        for (number, item) in Self.cases.enumerated() {
            var draft = try await BundleDraft(unpacking: good)
            try await item.tamper(&draft)
            let bundle = work.appending("case-\(number).tar.zst")
            try await draft.pack(to: bundle)
            let error = await #expect(throws: RPCError.self, "\(item.name)") {
                try await to.call(ImportBundle.self, .init(path: bundle, onConflict: "replace"))
            }
            #expect(error?.code == .badArchive, "\(item.name): \(String(describing: error))")
            let data = try error?.data?.decode(JSONValue.self)
            #expect(data?["reason"] == .string(item.reason), "\(item.name): \(String(describing: error))")
            #expect(
                data?["entry"] == .string(try item.entry.name(in: draft)), "\(item.name): \(String(describing: error))")
            #expect(
                error?.message.contains(try item.entry.name(in: draft)) == true, "\(item.name): \(error?.message ?? "")"
            )
            #expect(
                try await DiaryState.read(to, dataDirectory: receiver.dataDirectory) == before,
                "\(item.name) changed the diary")
        }
        // The same bundle untouched imports.
        let result = try await to.call(ImportBundle.self, .init(path: good))
        #expect(result.added.pets == 1 && result.added.photos == 2 && result.added.notes == 1)
        await from.close()
        await to.close()
    }
}
