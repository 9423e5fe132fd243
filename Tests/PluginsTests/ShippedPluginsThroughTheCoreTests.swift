import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The four shipped plugins loaded by the built core from one folder, as `make run` stages them (`NAME/NAME`),
/// with their options from the config file, each called over the core's socket by a client, and each of their
/// methods described by rpc.discover with its effect.
@Suite(.serialized)
struct ShippedPluginsThroughTheCoreTests {
    @Test func theCoreLoadsAllFourAndForwardsACallToEach() async throws {
        let files = try TemporaryDirectory()
        let folder = try stageShippedPlugins(in: files)
        let remote = files.appending("backups")
        let config = try files.write(
            "config.json",
            Array(
                """
                {"plugins": {"options": {
                    "shutter-capture": {"format": "lavfi", "source": "testsrc=size=64x48:rate=1"},
                    "backup-copy": {"destination": "\(remote)"}}}}
                """.utf8))
        let core = try CoreProcess(extraArguments: ["--plugin", folder, "--config", config])
        defer { core.stop() }
        let client = try await ObjectClient.connect(to: core.socketPath)

        let states = try await eventually("every plugin to end its handshake", timeout: .seconds(60)) {
            () async throws -> [String: String]? in
            let items = try await client.call("plugins.list") as? [String: Any]
            let plugins = items?["items"] as? [[String: Any]] ?? []
            let states = Dictionary(
                uniqueKeysWithValues: plugins.map { ($0["name"] as? String ?? "", $0["state"] as? String ?? "") })
            let settled = states.count == 4 && states.values.allSatisfy { $0 != "starting" && $0 != "handshaking" }
            return settled ? states : nil
        }
        #expect(
            states == [
                "backup-copy": "ready", "markdown-export": "ready", "on-this-day": "ready", "shutter-capture": "ready",
            ], "\(core.stderrText())")

        // rpc.discover describes each plugin method's params one by one and its result, as a built-in's.
        let discovered = try await client.object("rpc.discover")["methods"] as? [[String: Any]] ?? []
        let described: [String: [String]] = [
            "memories.onThisDay": ["date", "petId", "progress", "years"],
            "export.markdown": ["dir", "from", "petId", "to"],
            "backup.copy": ["path"], "shutter.capture": ["petId"],
        ]
        for (name, params) in described {
            let method = discovered.first { $0["name"] as? String == name }
            let listed = (method?["params"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(listed == params, "\(name): \(method ?? [:])")
            let result = (method?["result"] as? [String: Any])?["schema"] as? [String: Any]
            #expect(result?["properties"] is [String: Any], "\(name): \(method ?? [:])")
        }
        // The shipped params that name files say so, for the bridges that hold paths to their roots.
        for (name, param) in [("backup.copy", "path"), ("export.markdown", "dir")] {
            let method = discovered.first { $0["name"] as? String == name }
            let described = (method?["params"] as? [[String: Any]])?.first { $0["name"] as? String == param }
            #expect((described?["schema"] as? [String: Any])?["x-path"] as? Bool == true, "\(name): \(method ?? [:])")
        }
        // system.info names the four, all running.
        let info = try await client.object("system.info")
        #expect(
            (info["plugins"] as? [String]).map(Set.init)
                == ["backup-copy", "markdown-export", "on-this-day", "shutter-capture"], "\(info)")
        // Each shipped plugin method says what it does to the user's data.
        let effects = Dictionary(
            uniqueKeysWithValues: discovered.filter { $0["x-provider"] as? String != "builtin" }.map {
                ($0["name"] as? String ?? "", $0["x-effect"] as? String ?? "none")
            })
        #expect(
            effects == [
                "memories.onThisDay": "read", "export.markdown": "write", "backup.copy": "write",
                "shutter.capture": "write", "capture.video": "write",
            ])

        let pet = try await client.call("pets.create", ["name": "보리", "species": "dog"]) as? [String: Any]
        let petId = try #require(pet?["id"] as? String)
        _ = try await client.call("diary.create", ["title": "첫 산책", "body": "", "date": "2025-05-03", "petId": petId])

        // on-this-day (Swift): the entry of a year before is that day's memory.
        let memories =
            try await client.call("memories.onThisDay", ["date": "2026-05-03", "petId": petId]) as? [String: Any]
        #expect(memories?["count"] as? Int == 1, "\(memories ?? [:])")

        // shutter-capture (bash + ffmpeg): a frame of the test pattern lands in the pet's album.
        let photo = try await client.call("shutter.capture", ["petId": petId]) as? [String: Any]
        #expect(photo?["albumId"] is String, "\(photo ?? [:])")

        // markdown-export (Python): the month of the entry is written as Markdown.
        let exported = files.appending("markdown")
        _ = try await client.call("export.markdown", ["dir": exported, "petId": petId])
        #expect(files.files(under: "markdown").contains("2025-05.md"), "\(files.files())")

        // backup-copy (bash + rclone): a file is copied to the destination and checked.
        let archive = try files.write("diary.tar.zst", pseudoRandomBytes(10_000, seed: 1))
        let copied = try await client.call("backup.copy", ["path": archive]) as? [String: Any]
        #expect(copied?["verified"] as? Bool == true, "\(copied ?? [:])")
        #expect(try files.read(remote + "/diary.tar.zst") == pseudoRandomBytes(10_000, seed: 1))
    }

    /// The shipped plugins in a folder of `NAME/NAME` links, the layout `make run` and `make install` give:
    /// the scripts of Plugins/ and the built on-this-day.
    private func stageShippedPlugins(in files: TemporaryDirectory) throws -> String {
        let folder = files.appending("plugins")
        let sources = [
            "markdown-export": shippedPlugin("markdown-export"), "shutter-capture": shippedPlugin("shutter-capture"),
            "backup-copy": shippedPlugin("backup-copy"),
            "on-this-day": ToolkitBinary.builtProduct("on-this-day"),
        ]
        for (name, source) in sources {
            guard FileManager.default.isExecutableFile(atPath: source) else {
                throw TestFailure("no plugin at \(source): run `swift build` first")
            }
            try FileManager.default.createDirectory(
                atPath: folder + "/" + name, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/\(name)/\(name)", withDestinationPath: source)
        }
        return folder
    }
}
