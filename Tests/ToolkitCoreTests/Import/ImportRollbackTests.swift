import Archiving
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// A bundle that passes every check but fails when its records are written: the files published for it
/// are removed again, so the diary is as before.
struct ImportRollbackTests {
    @Test func aMergeThatFailsInItsTransactionRemovesTheFilesItPublished() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: client, files: files)
        let work = try TemporaryDirectory()
        let good = try await client.call(
            ExportCreate.self, .init(path: work.appending("boree.tar.zst"), petId: fixture.boree.id)
        ).path

        // Replacing the second photo with the first one's bytes in the same album breaks the rule of one
        // photo per bytes per album, which only the write can see; a new photo with new bytes comes first.
        var draft = try await BundleDraft(unpacking: good)
        let bytes = pseudoRandomBytes(10_000, seed: 3)
        let sha256 = try await BundleManifest.records(hashing: [ArchiveMember(name: "x", source: .bytes(bytes))])[0]
            .sha256
        try Data(bytes).write(to: URL(fileURLWithPath: draft.path("media/\(sha256).jpg")))
        draft.files.append("media/\(sha256).jpg")
        let (first, second) = (fixture.boreePhotos[0], fixture.boreePhotos[1])
        try draft.editLines("data/photos.jsonl") { lines in
            lines = lines.map { line in
                guard line.contains(second.id) else { return line }
                return line.replacingOccurrences(of: second.sha256, with: first.sha256)
                    .replacing(/"bytes":\d+/, with: "\"bytes\":\(first.bytes)")
            }
            let copy = lines[0].replacing(/"id":"[0-9a-f-]{36}"/, with: "\"id\":\"\(UUID().uuidString.lowercased())\"")
                .replacing(/"sha256":"[0-9a-f]{64}"/, with: "\"sha256\":\"\(sha256)\"")
                .replacing(/"bytes":\d+/, with: "\"bytes\":\(bytes.count)")
            lines.insert(copy, at: 0)
        }
        let bundle = work.appending("conflicting.tar.zst")
        try await draft.pack(to: bundle)
        let before = try await DiaryState.read(client, dataDirectory: core.dataDirectory)

        let error = await #expect(throws: RPCError.self) {
            try await client.call(ImportBundle.self, .init(path: bundle, onConflict: "replace"))
        }
        #expect(error?.code == .conflict, "\(String(describing: error))")
        #expect(error?.message.contains("nothing was imported") == true, "\(error?.message ?? "")")
        let after = try await DiaryState.read(client, dataDirectory: core.dataDirectory)
        #expect(!after.blobFiles.contains { $0.hasSuffix(sha256) }, "the new file is gone again")
        #expect(after == before)
        await client.close()
    }
}
