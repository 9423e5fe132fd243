import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit export` as a script runs it: the built binary against the built core.
struct ExportCommandTests {
    @Test func exportByPetNamePrintsThePathAndWritesABundleTarReads() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: client, files: files)
        await client.close()
        let target = try TemporaryDirectory()
        let socket = ["--socket", core.socketPath]

        // -o, relative to the current directory, and the pet by name.
        let named = try await runToolkit(["export"] + socket + ["--pet", "보리", "-o", "boree.tar.zst"], in: target.path)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == target.appending("boree.tar.zst") + "\n")
        #expect(named.stderr.contains("exported 1 pet, 1 album, 2 photos, 0 videos, 2 entries, 1 sound (3 files)"))
        let bundle = try await UnpackedBundle(target.appending("boree.tar.zst"))
        try await bundle.checkAgainstManifest()
        #expect(try bundle.records("pets", as: PetRecord.self).map(\.id) == [fixture.boree.id])

        // No -o: the default name in the current directory; --json prints the core's result.
        let json = try await runToolkit(["export", "--json"] + socket + ["--pet", fixture.kong.id], in: target.path)
        #expect(json.status == 0, "\(json.stderr)")
        let result = try JSONDecoder().decode(ExportCreate.Result.self, from: Data(json.stdout.utf8))
        #expect(result.path.hasPrefix(target.path + "/콩이_ 고양이_-"))
        #expect(FileManager.default.fileExists(atPath: result.path))

        // Errors: an unknown pet, and a directory that does not exist.
        let unknown = try await runToolkit(["export"] + socket + ["--pet", "나비"], in: target.path)
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("No pet is named or has the id '나비'"))
        let missing = try await runToolkit(["export"] + socket + ["-o", "no/such/x.tar.zst"], in: target.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("does not exist"), "\(missing.stderr)")
        #expect(Set(target.listing()) == ["boree.tar.zst", URL(fileURLWithPath: result.path).lastPathComponent])
    }
}
