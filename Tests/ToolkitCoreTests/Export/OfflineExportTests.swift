import Foundation
import Glibc
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit export` with no core running: the built binary opens the data directory itself.
struct OfflineExportTests {
    /// This process's environment with its own config directory and no `TOOLKIT_*` overrides.
    static func environment(config: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config
        for name in ["TOOLKIT_CONFIG", "TOOLKIT_DATA_DIR", "TOOLKIT_SOCKET"] { environment[name] = nil }
        return environment
    }

    /// A member's path and SHA-256, as the manifest lists them.
    static func hashes(_ bundle: UnpackedBundle) -> [String] {
        bundle.members.map { "\($0["path"] as? String ?? "?") \($0["sha256"] as? String ?? "?")" }
    }

    @Test func withNoCoreTheSameBundleIsWrittenOfflineAndSaidSo() async throws {
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: client, files: files)
        await client.close()
        let target = try TemporaryDirectory()
        let online = try await runToolkit(
            ["export", "--socket", core.socketPath, "--html", "--pet", "보리", "-o", "core.tar.zst"], in: target.path)
        #expect(online.status == 0, "\(online.stderr)")
        #expect(!online.stderr.contains("offline"))
        _ = core.stop()

        let environment = Self.environment(config: core.directory.appending("config"))
        let none = ["--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory]
        let offline = try await runToolkit(
            ["export", "--html", "--pet", "보리", "-o", "offline.tar.zst"] + none, environment: environment,
            in: target.path)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == target.appending("offline.tar.zst") + "\n")
        #expect(offline.stderr.contains("toolkit: offline: no core answers on \(none[1]), so on \(core.dataDirectory)"))
        #expect(offline.stderr.contains("exported 1 pet, 1 album, 2 photos, 0 videos, 2 entries, 1 sound (3 files)"))

        // The same records, files and gallery as the core's bundle of the same data directory.
        let viaCore = try await UnpackedBundle(target.appending("core.tar.zst"))
        let direct = try await UnpackedBundle(target.appending("offline.tar.zst"))
        try await direct.checkAgainstManifest()
        #expect(direct.listed == viaCore.listed)
        #expect(Self.hashes(direct) == Self.hashes(viaCore))
        #expect(direct.listed.contains("index.html"))
        #expect(try direct.records("pets", as: PetRecord.self).map(\.id) == [fixture.boree.id])

        // --quiet says nothing on stderr but the summary; --json prints the result, the default name is used.
        let quiet = try await runToolkit(
            ["export", "--quiet", "--json"] + none, environment: environment, in: target.path)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let result = try JSONDecoder().decode(ExportCreate.Result.self, from: Data(quiet.stdout.utf8))
        #expect(result.counts.pets == 2 && FileManager.default.fileExists(atPath: result.path))
        #expect(URL(fileURLWithPath: result.path).deletingLastPathComponent().path == target.path)

        // Errors keep their statuses: an unknown pet is 64, a directory without a diary 1, nothing written.
        let before = Set(target.listing())
        let unknown = try await runToolkit(["export", "--pet", "나비"] + none, environment: environment, in: target.path)
        #expect(unknown.status == 64 && unknown.stderr.contains("No pet is named or has the id '나비'"))
        let empty = try TemporaryDirectory()
        let noDiary = try await runToolkit(
            ["export", "--socket", none[1], "--data-dir", empty.path], environment: environment, in: target.path)
        #expect(noDiary.status == 1 && noDiary.stderr.contains("There is no diary in \(empty.path)"), "\(noDiary)")
        #expect(Set(target.listing()) == before && empty.listing().isEmpty)
    }

    /// Offline, ffmpeg is found and bounded as the core would, so the gallery has the poster of a video whose
    /// thumbnail the core never made.
    @Test func offlineAGalleryHasTheVideosPostersToo() async throws {
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        let clip = try await TestClip.make("walk.webm", codec: "libvpx-vp9", in: files)
        let video = try await client.call(PhotosImport.self, .init(albumId: album.id, path: clip))
        await client.close()
        _ = core.stop()

        let target = try TemporaryDirectory()
        let offline = try await runToolkit(
            [
                "export", "--html", "--quiet", "-o", "offline.tar.zst", "--socket",
                core.directory.appending("none.sock"),
                "--data-dir", core.dataDirectory,
            ], environment: Self.environment(config: core.directory.appending("config")), in: target.path)
        #expect(offline.status == 0, "\(offline.stderr)")
        let bundle = try await UnpackedBundle(target.appending("offline.tar.zst"))
        let posters = bundle.files(in: "thumbs")
        #expect(posters.count == 1)
        let page = try String(contentsOfFile: bundle.directory.appending("index.html"), encoding: .utf8)
        #expect(
            page.contains(
                "poster=\"thumbs/\(posters.first ?? "?")\" title=\"walk.webm\">"
                    + "<source src=\"media/\(video.sha256).webm\""
            ),
            "\(page)")
    }

    @Test func offlineTheDataDirectoryComesFromTheConfigFileAsForTheCore() async throws {
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))
        await client.close()
        _ = core.stop()
        let config = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: config.appending("toolkit"), withIntermediateDirectories: true)
        let environment = Self.environment(config: config.path)
        let socket = ["--socket", core.directory.appending("none.sock")]
        let target = try TemporaryDirectory()

        try Data(#"{"dataDir": "\#(core.dataDirectory)"}"#.utf8).write(
            to: URL(fileURLWithPath: config.appending("toolkit/config.json")))
        let run = try await runToolkit(
            ["export", "-o", "x.tar.zst"] + socket, environment: environment, in: target.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("so on \(core.dataDirectory) directly"))
        await #expect(try UnpackedBundle(target.appending("x.tar.zst")).records("pets", as: PetRecord.self).count == 1)

        // A config file that is not valid: status 78 and why, nothing written.
        try Data(#"{"dataDir": 3}"#.utf8).write(to: URL(fileURLWithPath: config.appending("toolkit/config.json")))
        let invalid = try await runToolkit(
            ["export", "-o", "y.tar.zst"] + socket, environment: environment, in: target.path)
        #expect(invalid.status == 78 && invalid.stderr.contains("dataDir"), "\(invalid.stderr)")
        #expect(target.listing() == ["x.tar.zst"])
    }

    @Test func aCoreThatAcceptsButDoesNotAnswerIsWaitedForNotBypassed() async throws {
        let directory = try TemporaryDirectory()
        let socketPath = directory.appending("hung.sock")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(socketPath.utf8))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0 && listen(listener, 8) == 0)
        let data = try CoreProcess()
        _ = data.stop()
        let export = try ChildProcess(
            ToolkitBinary.path,
            [
                "export", "--socket", socketPath, "--data-dir", data.dataDirectory, "-o",
                directory.appending("x.tar.zst"),
            ],
            environment: Self.environment(config: directory.appending("config")))
        try await Task.sleep(for: .milliseconds(500))
        #expect(!export.hasExited, "a listening socket is a core: the export waits for it")
        #expect(!FileManager.default.fileExists(atPath: directory.appending("x.tar.zst")))
        _ = export.stop(signal: SIGTERM)
    }
}
