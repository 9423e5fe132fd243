#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// The core's data directory on a full disk (a small tmpfs) during a photo import, a sound import, a diary entry
/// and an export: the client is told what could not be written and where, nothing is half-written (no temp file,
/// no row, no blob, no partial bundle), the core keeps running, and the same write succeeds once space is freed.
@Suite(
    .serialized,
    .enabled(if: SmallDisk.canMount, "mounting a tmpfs is not permitted here (it needs root and CAP_SYS_ADMIN)"))
struct FullDiskTests {
    /// A core on a fresh 8 MiB disk, and its client.
    private struct Setup {
        let disk: SmallDisk
        let core: CoreProcess
        let client: ObjectClient
        let files: TemporaryDirectory

        init() async throws {
            disk = try SmallDisk(megabytes: 8)
            core = try CoreProcess(dataDirectory: disk.path + "/data")
            client = try await ObjectClient.connect(to: core.socketPath)
            files = try TemporaryDirectory()
        }

        /// A distinct JPEG of `size` bytes that does not compress, outside the small disk.
        func photo(_ name: String, size: Int, seed: UInt64) throws -> String {
            let jpeg = try MediaSamples.fixture("landscape-64x32.jpg")
            return try files.write(name, jpeg + pseudoRandomBytes(size - jpeg.count, seed: seed))
        }

        /// Checks the error a write on the full disk answered, that it left the disk as it was, and that the
        /// core still answers.
        func expectNoSpace(_ error: RPCError?, before: [String: Int]) async throws {
            let error = try #require(error)
            #expect(error.code == .internalError)
            #expect(error.message.contains(disk.path + "/data/"), "\(error.message)")
            #expect(error.message.contains("No space left on device"), "\(error.message)")
            #expect(ObjectClient.data(of: error)["reason"] as? String == "no-space")
            #expect(disk.files() == before, "the failed write left files behind")
            #expect(try await client.call("system.ping") as? String == "pong")
        }

        func stop() async {
            await client.close()
            #expect(core.stop() == 0)
        }
    }

    @Test func photoImportOnAFullDiskLeavesNothingAndSucceedsOnceSpaceIsFreed() async throws {
        let setup = try await Setup()
        let album = try #require(try await setup.client.object("albums.create", ["title": "walks"])["id"] as? String)
        let photo = try setup.photo("big.jpg", size: 2 << 20, seed: 1)
        try setup.disk.fill(leaving: 512 << 10)
        let before = setup.disk.files()

        let refused = await setup.client.error("photos.import", ["albumId": album, "path": photo])
        try await setup.expectNoSpace(refused, before: before)
        #expect(try await setup.client.items("photos.list", ["albumId": album]).isEmpty)

        setup.disk.free()
        let imported = try await setup.client.object("photos.import", ["albumId": album, "path": photo])
        let sha256 = try #require(imported["sha256"] as? String)
        #expect(setup.disk.files()["data/blobs/sha256/\(sha256.prefix(2))/\(sha256)"] == 2 << 20)
        #expect(try await setup.client.items("photos.list", ["albumId": album]).count == 1)
        await setup.stop()
    }

    @Test func soundImportOnAFullDiskLeavesNothingAndSucceedsOnceSpaceIsFreed() async throws {
        let setup = try await Setup()
        // Twelve seconds of 48 kHz stereo noise: 2.2 MiB.
        let wav = setup.files.appending("noise.wav")
        let made = try await runCommand(
            "/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "12", "whitenoise"])
        #expect(made.status == 0, "\(made.stderr)")
        let soundsBefore = try await setup.client.items("sounds.list", ["limit": 50]).count
        try setup.disk.fill(leaving: 512 << 10)
        let before = setup.disk.files()

        let refused = await setup.client.error("sounds.import", ["path": wav, "title": "noise"])
        try await setup.expectNoSpace(refused, before: before)
        #expect(try await setup.client.items("sounds.list", ["limit": 50]).count == soundsBefore)

        setup.disk.free()
        let imported = try await setup.client.object("sounds.import", ["path": wav, "title": "noise"])
        #expect(imported["title"] as? String == "noise")
        #expect(try await setup.client.items("sounds.list", ["limit": 50]).count == soundsBefore + 1)
        await setup.stop()
    }

    @Test func diaryEntryOnAFullDiskIsNotStoredAndSucceedsOnceSpaceIsFreed() async throws {
        let setup = try await Setup()
        try setup.disk.fill(leaving: 0)
        let before = setup.disk.files()

        let entry: [String: Any] = ["title": "산책", "body": "공원을 한 바퀴 돌았다."]
        let refused = await setup.client.error("diary.create", entry)
        try await setup.expectNoSpace(refused, before: before)
        #expect(refused?.message.contains("toolkit.sqlite") == true, "\(refused?.message ?? "")")
        #expect(try await setup.client.items("diary.list").isEmpty)

        setup.disk.free()
        let created = try await setup.client.object("diary.create", entry)
        #expect(created["title"] as? String == "산책")
        #expect(try await setup.client.items("diary.list").count == 1)
        await setup.stop()
    }

    @Test func exportOnAFullDiskLeavesNoPartialBundleAndSucceedsOnceSpaceIsFreed() async throws {
        let setup = try await Setup()
        let album = try #require(try await setup.client.object("albums.create", ["title": "walks"])["id"] as? String)
        for number in 0..<3 {
            let photo = try setup.photo("p\(number).jpg", size: 1 << 20, seed: UInt64(10 + number))
            _ = try await setup.client.object("photos.import", ["albumId": album, "path": photo])
        }
        try setup.disk.fill(leaving: 512 << 10)
        let before = setup.disk.files()

        let refused = await setup.client.error("export.create")
        try await setup.expectNoSpace(refused, before: before)

        setup.disk.free()
        let exported = try await setup.client.object("export.create")
        let path = try #require(exported["path"] as? String)
        #expect(path.hasPrefix(setup.disk.path + "/data/exports/"))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == exported["size"] as? Int && (size ?? 0) > 512 << 10)
        await setup.stop()
    }
}
