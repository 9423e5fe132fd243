import Foundation
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// The recipes in Examples/ run against a real core, as a user would copy them.
@Suite(.serialized)
struct ExamplesTests {
    private static var examples: String {
        ToolkitBinary.packageRoot + "/Examples"
    }

    private func environment(_ core: CoreProcess) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TOOLKIT_SOCKET"] = core.socketPath
        return environment
    }

    @Test func socatRecipes() async throws {
        let core = try CoreProcess()
        let script = Self.examples + "/socat-recipes.sh"
        let ping = try await runCommand("/bin/sh", [script, "ping"], environment: environment(core))
        #expect(ping.stdout == #"{"jsonrpc":"2.0","result":"pong","id":1}"# + "\n", "\(ping.stderr)")
        let batch = try await runCommand("/bin/sh", [script, "batch"], environment: environment(core))
        #expect(
            batch.stdout.hasPrefix(
                #"[{"jsonrpc":"2.0","result":"pong","id":1},{"jsonrpc":"2.0","error":{"code":-32601"#))
        let info = try await runCommand("/bin/sh", [script, "info"], environment: environment(core))
        #expect(info.stdout.split(separator: "\n").count == 2)
        let emit = try await runCommand(
            "/bin/sh", [script, "emit", "user.walk", #"{"minutes":20}"#], environment: environment(core))
        #expect(emit.stdout == #"{"jsonrpc":"2.0","result":{"seq":2},"id":1}"# + "\n")
        let shutter = try await runCommand("/bin/sh", [script, "shutter", "", "null"], environment: environment(core))
        #expect(shutter.stdout.contains(#""device":"null""#), "\(shutter.stdout)\(shutter.stderr)")
        #expect(shutter.stdout.contains(#""soundId":"clicker","source":"builtin""#), "\(shutter.stdout)")
        #expect(core.stop() == 0)
    }

    /// The README's first socat lines, as copied: they find the core's socket with XDG_RUNTIME_DIR set, and name
    /// the core's fallback when it is unset.
    @Test func theReadmesPingFindsTheSocketWithOrWithoutXDGRuntimeDir() async throws {
        let readme = try String(contentsOfFile: ToolkitBinary.packageRoot + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("SOCK=") })
        let runtime = try TemporaryDirectory()
        let core = try CoreProcess(socketPath: runtime.appending("toolkit/toolkit.sock"))
        defer { _ = core.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let ping = try await runCommand(
            "/bin/bash", ["-c", lines[first] + "\n" + lines[first + 1]], environment: environment)
        #expect(ping.stdout == #"{"jsonrpc":"2.0","result":"pong","id":1}"# + "\n", "\(ping.stderr)")
        environment["XDG_RUNTIME_DIR"] = nil
        let unset = try await runCommand("/bin/bash", ["-c", lines[first] + "; echo $SOCK"], environment: environment)
        #expect(unset.stdout == "/tmp/toolkit-\(getuid())/toolkit.sock\n")
    }

    @Test func socatWatchStreamsEvents() async throws {
        let core = try CoreProcess()
        let input = Pipe()  // kept open: the subscription lives while socat's input does
        let output = Pipe()
        let watcher = try ChildProcess(
            "/bin/sh", [Self.examples + "/socat-recipes.sh", "watch", "user.*"], environment: environment(core),
            standardInput: input.fileHandleForReading.fileDescriptor,
            standardOutput: output.fileHandleForWriting.fileDescriptor)
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        let lines = LineReader(output.fileHandleForReading)
        #expect(lines.next()?.contains(#""result":{"missed":false"#) == true)
        _ = try await runToolkit([
            "call", "--socket", core.socketPath, "events.emit", "topic=user.fed", "data={\"bowl\":1}",
        ])
        let event = lines.next() ?? ""
        #expect(
            event.contains(#""method":"event""#) && event.contains(#""topic":"user.fed""#)
                && event.contains(#""data":{"bowl":1}"#))
        try input.fileHandleForWriting.close()
        #expect(!watcher.wait(timeout: .seconds(30)).timedOut, "socat ends when its input does")
        #expect(core.stop() == 0)
    }

    @Test func socatRecordsThreeSecondsWithProgress() async throws {
        let capture = try CaptureFixture()
        try capture.writeInput(CaptureFixture.samples(44_100 * 2 * 3))
        let core = try CoreProcess(environment: capture.environment)
        let record = try await runCommand(
            "/bin/sh", [Self.examples + "/socat-recipes.sh", "record", "toy", "capturefile"],
            environment: environment(core))
        let lines = record.stdout.split(separator: "\n").map { jsonObject(String($0)) }
        #expect(lines.count >= 2, "\(record.stdout) \(record.stderr)")
        let progress = lines.dropLast().compactMap { $0["params"] as? [String: Any] }
        #expect(progress.count == lines.count - 1 && progress.last?["done"] as? Int == 3)
        #expect(progress.allSatisfy { $0["total"] as? Int == 3 && $0["unit"] as? String == "seconds" })
        let sound = lines.last?["result"] as? [String: Any]
        #expect(sound?["kind"] as? String == "recorded" && sound?["durationSeconds"] as? Double == 3)
        #expect(core.stop() == 0)
    }

    @Test func pythonClient() async throws {
        let core = try CoreProcess()
        let client = Self.examples + "/python/toolkit_client.py"
        let ping = try await runCommand("/usr/bin/python3", [client, "--socket", core.socketPath, "system.ping"])
        #expect(ping.stdout == "\"pong\"\n", "\(ping.stderr)")
        let emit = try await runCommand(
            "/usr/bin/python3", [client, "--socket", core.socketPath, "events.emit", #"{"topic":"user.x"}"#])
        #expect(emit.stdout.contains(#""seq": 1"#))
        let bad = try await runCommand(
            "/usr/bin/python3", [client, "--socket", core.socketPath, "events.emit", #"{"topic":"x"}"#])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("-32602"))
        #expect(core.stop() == 0)
        let gone = try await runCommand("/usr/bin/python3", [client, "--socket", core.socketPath, "system.ping"])
        #expect(gone.status == 69)
    }
}

/// Reads lines from a pipe, blocking (used only with child processes that will write or exit).
final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
