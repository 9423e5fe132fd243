import Archiving
import Foundation
import Glibc
import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `rpc.cancel` of an `import.bundle` under way: -32005, and the diary as before.
struct ImportCancelTests {
    @Test func cancellingAnImportWhileTheBundleIsReadChangesNothing() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: client, files: files)
        let work = try TemporaryDirectory()
        let good = try await client.call(
            ExportCreate.self, .init(path: work.appending("boree.tar.zst"), petId: fixture.boree.id)
        ).path
        // The same bundle with a large incompressible file at its end, so that reading it takes a while.
        var draft = try await BundleDraft(unpacking: good)
        let bytes = pseudoRandomBytes(96 << 20, seed: 7)
        let sha256 = try await BundleManifest.records(hashing: [ArchiveMember(name: "x", source: .bytes(bytes))])[0]
            .sha256
        try Data(bytes).write(to: URL(fileURLWithPath: draft.path("media/\(sha256).bin")))
        draft.files.append("media/\(sha256).bin")
        let bundle = work.appending("large.tar.zst")
        try await draft.pack(to: bundle)
        _ = try await client.call(PetsDelete.self, .init(id: fixture.boree.id, force: true))
        let before = try await DiaryState.read(client, dataDirectory: core.dataDirectory)

        // The core is stopped while the import and its cancel are sent, so that it reads both together when it
        // runs again: the cancel finds the import at its start, however fast or loaded the machine is.
        core.child.send(SIGSTOP)
        let issued = NIOLockedValueBox<Int?>(nil)
        let params = try RawJSON(encoding: ImportBundle.Params(path: bundle, progress: true))
        let call = Task {
            try await client.call(ImportBundle.name, params: params) { id in issued.withLockedValue { $0 = id } }
        }
        while issued.withLockedValue({ $0 }) == nil { try await Task.sleep(for: .milliseconds(5)) }
        let id = try #require(issued.withLockedValue { $0 })
        let cancel = Task { try await client.call(RPCCancel.self, .init(id: .int(id))) }
        try await Task.sleep(for: .milliseconds(100))
        core.child.send(SIGCONT)
        _ = try await cancel.value
        let error = await #expect(throws: RPCError.self) { try await call.value }
        #expect(error?.code == .cancelled, "\(String(describing: error))")

        #expect(try await DiaryState.read(client, dataDirectory: core.dataDirectory) == before)
        // Once cancelled, the same bundle imports.
        let result = try await client.call(ImportBundle.self, .init(path: bundle))
        #expect(result.added.pets == 1)
        await client.close()
    }
}
