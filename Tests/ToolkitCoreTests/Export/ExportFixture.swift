import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport

/// A diary worth exporting: two pets with an album each, real photos (one shown by both pets' entries),
/// entries, and an imported sound that is the first pet's shutter sound.
struct ExportFixture {
    var boree: PetRecord
    var kong: PetRecord
    var boreeAlbum: AlbumRecord
    var kongAlbum: AlbumRecord
    var boreePhotos: [PhotoRecord]
    var kongPhotos: [PhotoRecord]
    var sound: SoundRecord

    static func make(with client: RPCClient, files: TemporaryDirectory) async throws -> ExportFixture {
        let boree = try await client.call(PetsCreate.self, .init(name: "보리", species: "dog"))
        let kong = try await client.call(PetsCreate.self, .init(name: "콩이: 고양이?", species: "cat"))
        let boreeAlbum = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: boree.id))
        let kongAlbum = try await client.call(AlbumsCreate.self, .init(title: "낮잠", petId: kong.id))
        var boreePhotos: [PhotoRecord] = []
        for (index, bytes) in [try MediaSamples.jpegWithEXIF(), try MediaSamples.paddedJPEG(number: 1, size: 300_000)]
            .enumerated()
        {
            let path = try files.write("boree-\(index).jpg", bytes)
            boreePhotos.append(try await client.call(PhotosImport.self, .init(albumId: boreeAlbum.id, path: path)))
        }
        let pngPath = try files.write("kong.png", try MediaSamples.fixture("tiny-24x12.png"))
        let gifPath = try files.write("kong.gif", try MediaSamples.fixture("tiny-20x10.gif"))
        let kongPhotos = [
            try await client.call(PhotosImport.self, .init(albumId: kongAlbum.id, path: pngPath)),
            try await client.call(PhotosImport.self, .init(albumId: kongAlbum.id, path: gifPath)),
        ]
        _ = try await client.call(
            DiaryCreate.self,
            .init(
                title: "첫 산책", body: "공원에서 #산책", date: "2024-05-01", petId: boree.id,
                photoIds: boreePhotos.map(\.id)))
        _ = try await client.call(
            DiaryCreate.self, .init(title: "둘째 날", body: "비", date: "2024-05-02", petId: boree.id))
        _ = try await client.call(
            DiaryCreate.self,
            .init(title: "낮잠", body: "소파에서 #낮잠", date: "2024-05-03", petId: kong.id, photoIds: [kongPhotos[0].id]))

        let wavPath = try writeWAV(files.appending("toy.wav"), tone: 0x10)
        let sound = try await client.call(SoundsImport.self, .init(path: wavPath, title: "삑삑이"))
        let updated = try await client.call(PetsUpdate.self, .init(id: boree.id, shutterSoundId: sound.id))
        return ExportFixture(
            boree: updated, kong: kong, boreeAlbum: boreeAlbum, kongAlbum: kongAlbum, boreePhotos: boreePhotos,
            kongPhotos: kongPhotos, sound: sound)
    }

    /// A second of 16-bit mono sound whose bytes depend on `tone`, written to `path`.
    static func writeWAV(_ path: String, tone: UInt8) throws -> String {
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed16, rate: 22_050, channels: 1))
        let frames = (0..<22_050).flatMap { index -> [UInt8] in [UInt8(truncatingIfNeeded: index), tone] }
        try frames.withUnsafeBytes { try writer.write($0) }
        try writer.close()
        return path
    }

    /// Voice notes on the fixture, attached with `notes.attach`: the first pet's shutter sound on its first
    /// entry, and a sound imported only for it on the second pet's first photo.
    /// - Returns: the entry's note, the photo's note and the photo note's sound.
    func attachNotes(with client: RPCClient, files: TemporaryDirectory) async throws -> (
        entryNote: NoteRecord, photoNote: NoteRecord, noteSound: SoundRecord
    ) {
        let entries = try await client.call(DiaryList.self, .init(limit: 500)).items
        let walk = try #require(entries.first { $0.title == "첫 산책" })
        let entryNote = try await client.call(NotesAttach.self, .init(soundId: sound.id, entryId: walk.id))
        let wav = try Self.writeWAV(files.appending("purr.wav"), tone: 0x22)
        let noteSound = try await client.call(SoundsImport.self, .init(path: wav, title: "그르릉"))
        let photoNote = try await client.call(NotesAttach.self, .init(soundId: noteSound.id, photoId: kongPhotos[0].id))
        return (entryNote, photoNote, noteSound)
    }
}

/// A bundle unpacked by GNU tar, checked against its manifest with `sha256sum`.
struct UnpackedBundle {
    var directory: TemporaryDirectory
    /// Member paths in the order `tar --zstd -tvf` lists them.
    var listed: [String]
    var manifest: [String: Any]

    init(_ path: String) async throws {
        let list = try await runCommand("/usr/bin/tar", ["--zstd", "-tvf", path])
        #expect(list.status == 0, "\(list.stderr)")
        listed = list.stdout.split(separator: "\n").map { line in
            String(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).joined(separator: " "))
        }
        directory = try TemporaryDirectory()
        let extract = try await runCommand("/usr/bin/tar", ["--zstd", "-xf", path, "-C", directory.path])
        #expect(extract.status == 0, "\(extract.stderr)")
        let manifestData = try Data(contentsOf: URL(fileURLWithPath: directory.appending("manifest.json")))
        manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
    }

    var members: [[String: Any]] { manifest["members"] as? [[String: Any]] ?? [] }

    /// Every member's size and `sha256sum` against the manifest, and the files on disk against its list.
    func checkAgainstManifest() async throws {
        #expect(listed.first == "manifest.json")
        #expect(Set(directory.files()) == Set(members.compactMap { $0["path"] as? String } + ["manifest.json"]))
        #expect(listed.count == members.count + 1)
        for member in members {
            let path = try #require(member["path"] as? String)
            let sum = try await runCommand("/usr/bin/sha256sum", [directory.appending(path)])
            #expect(sum.stdout.split(separator: " ").first.map(String.init) == member["sha256"] as? String, "\(path)")
            let size = try FileManager.default.attributesOfItem(atPath: directory.appending(path))[.size] as? Int
            #expect(size == member["size"] as? Int, "\(path)")
        }
    }

    /// The records of `data/NAME.jsonl`, one per line.
    func records<Record: Decodable>(_ name: String, as type: Record.Type) throws -> [Record] {
        let text = try String(contentsOfFile: directory.appending("data/\(name).jsonl"), encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
    }

    /// The files under `folder` (media or sounds).
    func files(in folder: String) -> [String] { directory.files(under: folder) }
}
