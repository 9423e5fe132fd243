import Foundation
import Glibc
import JSONRPC
import NIOConcurrencyHelpers
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `archive.restore` without `into`: a part of an archive's state (a pet, some days) merged back into the
/// running diary, through the built binary and the core, with real chains of archives.
struct ArchivePartRestoreTests {
    /// A diary with two pets, voice notes and a chain of two archives (full, then incremental with a new photo).
    struct Chained {
        var core: CoreProcess
        var client: RPCClient
        var fixture: ExportFixture
        var archive: ArchiveCreate.Result
        /// The diary when the last archive was made.
        var archived: DiaryState

        static func make() async throws -> Chained {
            let core = try CoreProcess()
            let client = try await RPCClient.connect(to: core.socketPath)
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            _ = try await fixture.attachNotes(with: client, files: files)
            _ = try await client.call(ArchiveCreate.self, .init())
            let path = try files.write("late.jpg", try MediaSamples.paddedJPEG(number: 7, size: 50_000))
            _ = try await client.call(PhotosImport.self, .init(albumId: fixture.boreeAlbum.id, path: path))
            let archive = try await client.call(ArchiveCreate.self, .init())
            #expect(archive.kind == "incremental")
            let archived = try await DiaryState.read(client, dataDirectory: core.dataDirectory)
            return Chained(core: core, client: client, fixture: fixture, archive: archive, archived: archived)
        }

        /// What `state` holds of the pet `petId`: it, its albums, their photos, its entries and their notes.
        static func part(of state: DiaryState, petId: String) -> DiaryState.Part {
            let albums = state.albums.filter { $0.petId == petId }
            let photos = state.photos.filter { photo in albums.contains { $0.id == photo.albumId } }
            let entries = state.entries.filter { $0.petId == petId }
            let ids = Set(photos.map(\.id) + entries.map(\.id))
            return DiaryState.Part(
                pets: state.pets.filter { $0.id == petId }, albums: albums, photos: photos, entries: entries,
                notes: state.notes.filter { ids.contains($0.key) })
        }
    }

    @Test func aDeletedPetComesBackByItsNameInTheArchiveWithItsRecordsAndFiles() async throws {
        let chained = try await Chained.make()
        let (core, client, fixture) = (chained.core, chained.client, chained.fixture)
        defer { _ = core.stop() }
        var originals: [String: Data] = [:]
        for photo in Chained.part(of: chained.archived, petId: fixture.boree.id).photos {
            originals[photo.sha256] = try DiaryState.blob(photo.sha256, in: core.dataDirectory)
        }
        _ = try await client.call(PetsDelete.self, .init(id: fixture.boree.id, force: true))
        let kong = try await client.call(PetsUpdate.self, .init(id: fixture.kong.id, notes: "아직 여기"))
        let before = try await DiaryState.read(client, dataDirectory: core.dataDirectory)
        #expect(!before.pets.contains { $0.name == "보리" })

        // The name is known only in the archive now: it is resolved against the archive's state.
        let run = try await runToolkit([
            "archive", "restore", chained.archive.path, "--pet", "보리", "--socket", core.socketPath,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("kind") && run.stdout.contains("photos"), "\(run.stdout)")
        #expect(run.stderr.contains("from 2 archives"), "\(run.stderr)")

        let after = try await DiaryState.read(client, dataDirectory: core.dataDirectory)
        let restored = Chained.part(of: after, petId: fixture.boree.id)
        #expect(restored == Chained.part(of: chained.archived, petId: fixture.boree.id))
        #expect(restored.photos.count == 3 && restored.entries.count == 2 && !restored.notes.isEmpty)
        for photo in restored.photos {
            #expect(try DiaryState.blob(photo.sha256, in: core.dataDirectory) == originals[photo.sha256])
        }
        // The other pet is as the live diary had it, not as the archive did.
        #expect(Chained.part(of: after, petId: kong.id) == Chained.part(of: before, petId: kong.id))
        #expect(after.pets.first { $0.id == kong.id }?.notes == "아직 여기")
        #expect(after.temporaryFiles.isEmpty, "\(after.temporaryFiles)")

        // Again: everything is there, so everything is skipped and nothing changes.
        let again = try await client.call(ArchiveRestore.self, .init(path: chained.archive.path, pet: "보리"))
        #expect(again.added == .init() && again.skipped?.photos == 3 && again.skipped?.entries == 2)
        #expect(try await DiaryState.read(client, dataDirectory: core.dataDirectory) == after)
        await client.close()
    }

    @Test func daysComeBackExactlyAndReplaceRollsAnEditBack() async throws {
        let chained = try await Chained.make()
        let (core, client) = (chained.core, chained.client)
        defer { _ = core.stop() }
        let entries = try await client.call(DiaryList.self, .init(order: "oldest", limit: 500)).items
        let (first, second, third) = (entries[0], entries[1], entries[2])
        #expect([first.date, second.date, third.date] == ["2024-05-01", "2024-05-02", "2024-05-03"])
        _ = try await client.call(DiaryDelete.self, .init(id: second.id))
        _ = try await client.call(DiaryDelete.self, .init(id: third.id))
        _ = try await client.call(DiaryUpdate.self, .init(id: first.id, title: "고친 제목"))
        let events = try await RPCClient.connect(to: core.socketPath)
        _ = try await events.call(EventsSubscribe.self, .init(topics: ["import.completed"]))

        // Only the 2nd of May: its entry is back, the 3rd's is not.
        let day = try await client.call(
            ArchiveRestore.self, .init(path: chained.archive.path, from: "2024-05-02", to: "2024-05-02"))
        #expect(day.added?.entries == 1 && day.chain.count == 2 && day.into == nil)
        var ids = try await client.call(DiaryList.self, .init(limit: 500)).items.map(\.id)
        #expect(Set(ids) == [first.id, second.id])
        let restored = try await client.call(DiaryGet.self, .init(id: second.id))
        #expect(restored == second)
        let event = try #require(await events.notifications.first { $0.method == EventNotification<JSONValue>.method })
        #expect(event.params?.text.contains("\"source\":\"archive\"") == true, "\(event.params?.text ?? "")")

        // skip keeps the edit; replace rolls the day back to the archive's state.
        let first05 = ArchiveRestore.Params(path: chained.archive.path, from: "2024-05-01", to: "2024-05-01")
        let skipped = try await client.call(ArchiveRestore.self, first05)
        #expect(skipped.skipped?.entries == 1 && skipped.replaced?.entries == 0)
        #expect(try await client.call(DiaryGet.self, .init(id: first.id)).title == "고친 제목")
        var replace = first05
        replace.onConflict = "replace"
        let replaced = try await client.call(ArchiveRestore.self, replace)
        #expect(replaced.replaced?.entries == 1)
        #expect(try await client.call(DiaryGet.self, .init(id: first.id)).title == first.title)
        ids = try await client.call(DiaryList.self, .init(limit: 500)).items.map(\.id)
        #expect(!ids.contains(third.id))
        await events.close()
        await client.close()
    }

    @Test func noPartWithoutIntoAndADamagedArchiveAreRefusedAndChangeNothing() async throws {
        let chained = try await Chained.make()
        let (core, client, fixture) = (chained.core, chained.client, chained.fixture)
        defer { _ = core.stop() }
        _ = try await client.call(PetsDelete.self, .init(id: fixture.boree.id, force: true))
        let before = try await DiaryState.read(client, dataDirectory: core.dataDirectory)

        let nothing = await #expect(throws: RPCError.self) {
            try await client.call(ArchiveRestore.self, .init(path: chained.archive.path))
        }
        #expect(nothing?.code == .invalidParams && nothing?.message.contains("pet, from or to") == true)
        let both = await #expect(throws: RPCError.self) {
            try await client.call(ArchiveRestore.self, .init(path: chained.archive.path, into: "/tmp/x", pet: "보리"))
        }
        #expect(both?.code == .invalidParams)
        let unknown = await #expect(throws: RPCError.self) {
            try await client.call(ArchiveRestore.self, .init(path: chained.archive.path, pet: "나비"))
        }
        #expect(unknown?.code == .notFound, "\(String(describing: unknown))")

        // The full archive (first of the chain) damaged in its middle: -32007, nothing published or left behind.
        let full = try #require(
            try FileManager.default.contentsOfDirectory(atPath: core.dataDirectory + "/archives").sorted().first {
                !$0.hasPrefix(".") && $0 != chained.archive.name
            })
        let fullPath = core.dataDirectory + "/archives/" + full
        var bytes = try Data(contentsOf: URL(fileURLWithPath: fullPath))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: fullPath))
        let damaged = await #expect(throws: RPCError.self) {
            try await client.call(ArchiveRestore.self, .init(path: chained.archive.path, pet: fixture.boree.id))
        }
        #expect(damaged?.code == .badArchive, "\(String(describing: damaged))")
        #expect(try await DiaryState.read(client, dataDirectory: core.dataDirectory) == before)
        await client.close()

        let cli = try await runToolkit(["restore", chained.archive.path, "--socket", core.socketPath])
        #expect(cli.status == 64 && cli.stderr.contains("--into DIR"), "\(cli.stderr)")
    }

    @Test func aCancelledPartRestoreChangesNothing() async throws {
        let chained = try await Chained.make()
        let (core, client, fixture) = (chained.core, chained.client, chained.fixture)
        defer { _ = core.stop() }
        _ = try await client.call(PetsDelete.self, .init(id: fixture.boree.id, force: true))
        let before = try await DiaryState.read(client, dataDirectory: core.dataDirectory)

        // The core is stopped while the restore and its cancel are sent, so the cancel finds it at its start.
        core.child.send(SIGSTOP)
        let issued = NIOLockedValueBox<Int?>(nil)
        let params = try RawJSON(
            encoding: ArchiveRestore.Params(path: chained.archive.path, pet: fixture.boree.id, progress: true))
        let call = Task {
            try await client.call(ArchiveRestore.name, params: params) { id in issued.withLockedValue { $0 = id } }
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
        await client.close()
    }

    @Test func offlineAPetComesBackByIdWithNoCoreRunning() async throws {
        let chained = try await Chained.make()
        let (core, client, fixture) = (chained.core, chained.client, chained.fixture)
        _ = try await client.call(PetsDelete.self, .init(id: fixture.boree.id, force: true))
        await client.close()
        _ = core.stop()

        let run = try await runToolkit(
            [
                "restore", chained.archive.path, "--pet", fixture.boree.id, "--json", "--socket",
                core.directory.appending("none.sock"), "--data-dir", core.dataDirectory,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try JSONDecoder().decode(ArchiveRestore.Result.self, from: Data(run.stdout.utf8))
        #expect(result.added?.pets == 1 && result.added?.photos == 3 && result.added?.entries == 2, "\(run.stdout)")

        let again = try CoreProcess(dataDirectory: core.dataDirectory)
        defer { _ = again.stop() }
        let reader = try await RPCClient.connect(to: again.socketPath)
        let after = try await DiaryState.read(reader, dataDirectory: core.dataDirectory)
        #expect(
            Chained.part(of: after, petId: fixture.boree.id)
                == Chained.part(of: chained.archived, petId: fixture.boree.id))
        await reader.close()
    }
}

extension DiaryState {
    /// The records of one pet's part of a diary.
    struct Part: Equatable {
        var pets: Set<PetRecord>
        var albums: Set<AlbumRecord>
        var photos: Set<PhotoRecord>
        var entries: Set<EntryRecord>
        var notes: [String: [NoteRecord]]
    }
}
