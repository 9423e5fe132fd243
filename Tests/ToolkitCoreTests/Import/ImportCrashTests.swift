import Foundation
import Glibc
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `kill -9` of the core while `import.bundle` reads, stages and merges a bundle, at seeded random points of
/// its progress: after a restart the import is all there or not at all, no blob is partial, the start-up
/// pass leaves no temp file, every acknowledged write is there, and the next import succeeds.
struct ImportCrashTests {
    static let rounds = 20

    /// What the diary holds of the bundle's pet: nil when it is not there, else its photos' and entries' count.
    static func imported(_ client: RPCClient, petId: String) async throws -> (photos: Int, entries: Int)? {
        let pets = try await client.call(PetsList.self, .init(limit: 500)).items
        guard pets.contains(where: { $0.id == petId }) else { return nil }
        let photos = try await client.call(PhotosList.self, .init(petId: petId, limit: 500)).items
        let entries = try await client.call(DiaryList.self, .init(petId: petId, limit: 500)).items
        return (photos.count, entries.count)
    }

    @Test func aCoreKilledMidImportImportsAllOrNothingAndTheNextImportSucceeds() async throws {
        var core = try CoreProcess()
        let dataDirectory = core.dataDirectory
        var client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let pet = try await CrashRound.fillWithPhotos(client, files: files)
        let work = try TemporaryDirectory()
        let bundle = try await client.call(
            ExportCreate.self, .init(path: work.appending("boree.tar.zst"), petId: pet.id)
        ).path
        _ = try await client.call(PetsDelete.self, .init(id: pet.id, force: true))
        var generator = SeededGenerator(state: 29)
        var acknowledged: [String] = []
        var killedMidway = 0
        var killed: [CoreProcess] = []

        for round in 0..<Self.rounds {
            let entry = try await client.call(DiaryCreate.self, .init(title: "round \(round)", body: "before the kill"))
            acknowledged.append(entry.id)
            let fraction = round == 0 ? 0 : Double.random(in: 0...1, using: &generator)
            let answered = try await CrashRound.callKilling(
                client, core, ImportBundle.self, .init(path: bundle, progress: true), at: fraction)
            if !answered { killedMidway += 1 }
            await #expect(try CrashRound.integrityIsOK(dataDirectory, socketDirectory: work), "round \(round)")

            killed.append(core)  // its temp directory holds the data directory: kept until the end
            core = try CoreProcess(dataDirectory: dataDirectory)
            client = try await RPCClient.connect(to: core.socketPath)
            let ids = Set(try await client.call(DiaryList.self, .init(limit: 500)).items.map(\.id))
            #expect(ids.isSuperset(of: acknowledged), "round \(round): an acknowledged entry is missing")
            let found = try await Self.imported(client, petId: pet.id)
            if answered || found != nil {
                #expect(found?.photos == CrashRound.photoCount && found?.entries == 1, "round \(round) at \(fraction)")
                // Gone again, so that the next round imports the whole bundle once more.
                _ = try await client.call(PetsDelete.self, .init(id: pet.id, force: true))
            }
            #expect(try await CrashRound.temporariesAfterStartUp(dataDirectory).isEmpty, "round \(round)")
            #expect(try await CrashRound.damagedBlobs(dataDirectory).isEmpty, "round \(round)")
        }
        #expect(killedMidway > 0, "at least one import was killed before it finished")

        let result = try await client.call(ImportBundle.self, .init(path: bundle))
        #expect(result.added.pets == 1 && result.added.photos == CrashRound.photoCount && result.added.entries == 1)
        let found = try await Self.imported(client, petId: pet.id)
        #expect(found?.photos == CrashRound.photoCount)
        #expect(try await CrashRound.damagedBlobs(dataDirectory).isEmpty)
        await client.close()
        _ = core.stop()
        withExtendedLifetime(killed) {}
    }
}
