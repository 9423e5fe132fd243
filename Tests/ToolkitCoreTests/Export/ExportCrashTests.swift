import Foundation
import Glibc
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `kill -9` of the core while `export.create` writes a bundle, at seeded random points of its progress: no
/// file under the bundle's final name unless it is whole (`toolkit bundle verify`), the diary intact with
/// every acknowledged write, the killed export's temp file removed by the next export to that name, and the
/// next export succeeds.
struct ExportCrashTests {
    static let rounds = 20

    @Test func aCoreKilledMidExportLeavesNoBundleUnderItsNameAndTheDiaryWhole() async throws {
        var core = try CoreProcess()
        let dataDirectory = core.dataDirectory
        var client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let pet = try await CrashRound.fillWithPhotos(client, files: files)
        let work = try TemporaryDirectory()
        var generator = SeededGenerator(state: 13)
        var acknowledged: [String] = []
        var killedMidway = 0
        var killed: [CoreProcess] = []

        for round in 0..<Self.rounds {
            let entry = try await client.call(DiaryCreate.self, .init(title: "round \(round)", body: "before the kill"))
            acknowledged.append(entry.id)
            // At the first progress report in the first round, so one kill surely lands mid-write; then anywhere.
            let fraction = round == 0 ? 0 : Double.random(in: 0...1, using: &generator)
            let target = work.appending("boree.tar.zst")
            // The temp file a killed export left is removed by the next export to the same name.
            #expect(Self.temporaries(in: work.path).count <= 1, "round \(round): \(Self.temporaries(in: work.path))")
            let answered = try await CrashRound.callKilling(
                client, core, ExportCreate.self, .init(path: target, petId: pet.id, progress: true), at: fraction)
            // Under the final name only a whole bundle: the kill may land after the rename, before the answer.
            if FileManager.default.fileExists(atPath: target) {
                let verify = try await runToolkit(["bundle", "verify", target])
                #expect(verify.status == 0, "round \(round) at \(fraction): \(verify.stdout) \(verify.stderr)")
                try FileManager.default.removeItem(atPath: target)
            } else {
                #expect(!answered, "round \(round): answered with no bundle at \(target)")
                killedMidway += 1
            }
            await #expect(try CrashRound.integrityIsOK(dataDirectory, socketDirectory: work), "round \(round)")

            killed.append(core)  // its temp directory holds the data directory: kept until the end
            core = try CoreProcess(dataDirectory: dataDirectory)
            client = try await RPCClient.connect(to: core.socketPath)
            let ids = Set(try await client.call(DiaryList.self, .init(limit: 500)).items.map(\.id))
            #expect(ids.isSuperset(of: acknowledged), "round \(round): an acknowledged entry is missing")
        }
        #expect(killedMidway > 0, "at least one export was killed before it finished")

        let target = work.appending("boree.tar.zst")
        let result = try await client.call(ExportCreate.self, .init(path: target, petId: pet.id))
        #expect(result.counts.photos == CrashRound.photoCount && result.counts.pets == 1)
        let verify = try await runToolkit(["bundle", "verify", target])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        #expect(Self.temporaries(in: work.path).isEmpty, "\(Self.temporaries(in: work.path))")
        await client.close()
        _ = core.stop()
        withExtendedLifetime(killed) {}
    }

    /// The export temp files (`.NAME.part-*`) in `directory`.
    static func temporaries(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".part-") }
    }
}
