import Archiving
import Foundation
import Glibc
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// What the `kill -9` tests of export and import share: a diary of large incompressible photos (so a kill
/// lands mid-write on any machine), a call killed at a chosen point of its progress, and the checks of what a
/// killed core leaves behind.
enum CrashRound {
    /// How many photos ``fillWithPhotos(_:files:)`` imports, and how large each is.
    static let photoCount = 24
    static let photoBytes = 1_500_000

    /// A pet "보리" with an album of ``photoCount`` incompressible photos (36 MB).
    static func fillWithPhotos(_ client: RPCClient, files: TemporaryDirectory) async throws -> PetRecord {
        let pet = try await client.call(PetsCreate.self, .init(name: "보리", species: "dog"))
        let album = try await client.call(AlbumsCreate.self, .init(title: "많이", petId: pet.id))
        for number in 0..<photoCount {
            let jpeg =
                try MediaSamples.fixture("landscape-64x32.jpg")
                + pseudoRandomBytes(photoBytes, seed: UInt64(2 * number + 1))
            let path = try files.write("p\(number).jpg", jpeg)
            _ = try await client.call(PhotosImport.self, .init(albumId: album.id, path: path))
        }
        _ = try await client.call(
            DiaryCreate.self, .init(title: "많이 찍은 날", body: "#사진", date: "2024-05-01", petId: pet.id))
        return pet
    }

    /// Calls `method` with progress on, and kills the core (`SIGKILL`) once the progress reaches `fraction` of
    /// its total (at its first report for 0), or after the answer if it comes first.
    /// - Returns: whether the core answered before it was killed.
    static func callKilling<Method: APIMethod>(
        _ client: RPCClient, _ core: CoreProcess, _ method: Method.Type, _ params: Method.Params, at fraction: Double
    ) async throws -> Bool {
        let killer = Task {
            for await notification in client.notifications where notification.method == ProgressNotification.method {
                guard let params = notification.params,
                    let object = try? JSONSerialization.jsonObject(with: Data(params.text.utf8)) as? [String: Any],
                    let done = object["done"] as? Int, let total = object["total"] as? Int,
                    Double(done) >= fraction * Double(total)
                else { continue }
                core.child.send(SIGKILL)
                return
            }
        }
        let answered: Bool
        do {
            _ = try await client.call(method, params)
            answered = true
        } catch {
            answered = false
        }
        killer.cancel()
        core.child.send(SIGKILL)
        _ = core.child.wait()
        await client.close()
        return answered
    }

    /// Whether `toolkit doctor`, run with no core on `dataDirectory`, finds `PRAGMA integrity_check` ok.
    static func integrityIsOK(_ dataDirectory: String, socketDirectory: TemporaryDirectory) async throws -> Bool {
        let doctor = try await runToolkit([
            "doctor", "--socket", socketDirectory.appending("none.sock"), "--data-dir", dataDirectory,
        ])
        return doctor.stdout.contains("database: integrity_check ok")
    }

    /// Files in `DATA/blobs/tmp` once the restarted core's start-up pass has swept them (waiting for it at
    /// most 30 s; what is left after that is returned).
    static func temporariesAfterStartUp(_ dataDirectory: String) async throws -> [String] {
        for _ in 0..<3000 {
            if DiaryState.files(under: dataDirectory + "/blobs/tmp").isEmpty { return [] }
            try await Task.sleep(for: .milliseconds(10))
        }
        return DiaryState.files(under: dataDirectory + "/blobs/tmp")
    }

    /// The blob files whose bytes do not hash to their name: a partial or damaged blob. A file the core's
    /// collector removes meanwhile (a deleted pet's photos) is not counted.
    static func damagedBlobs(_ dataDirectory: String) async throws -> [String] {
        let root = dataDirectory + "/blobs/sha256"
        var damaged: [String] = []
        for name in DiaryState.files(under: root) {
            let path = root + "/" + name
            do {
                let record = try await BundleManifest.records(hashing: [
                    ArchiveMember(name: name, source: .file(path: path))
                ])
                if !name.hasSuffix(record[0].sha256) { damaged.append(name) }
            } catch  where !FileManager.default.fileExists(atPath: path) {
                continue
            }
        }
        return damaged
    }
}

/// A small seeded generator (SplitMix64), so that a failing round's kill points can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
