import Foundation
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// `toolkit call` and `toolkit doctor` as scripts use them: stdout, stderr, exit status.
@Suite(.serialized)
struct CallCommandTests {
    @Test func resultsErrorsAndExitCodes() async throws {
        let core = try CoreProcess()
        let socket = ["--socket", core.socketPath]

        let ping = try await runToolkit(["call"] + socket + ["system.ping"])
        #expect(ping.status == 0)
        #expect(ping.stdout == "\"pong\"\n")  // not a terminal: raw JSON

        let emit = try await runToolkit(
            ["call"] + socket + ["events.emit", "topic=user.walk", #"data={"minutes":20}"#])
        #expect(emit.status == 0)
        #expect(emit.stdout == "{\"seq\":1}\n")

        let object = try await runToolkit(["call"] + socket + ["events.emit", #"{"topic":"user.nap"}"#])
        #expect(object.stdout == "{\"seq\":2}\n")

        let missing = try await runToolkit(["call"] + socket + ["pets.fly"])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("No method named 'pets.fly'"))
        #expect(missing.stderr.contains("-32601"))

        let json = try await runToolkit(["call", "--json"] + socket + ["events.emit", "topic=photo.fake"])
        #expect(json.status == 1)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(error["code"] as? Int == -32602)
        #expect((error["data"] as? [String: Any])?["field"] as? String == "topic")

        let usage = try await runToolkit(["call"] + socket + ["events.emit", "not-a-pair"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("neither a JSON object or array nor a key=value pair"))

        let doctor = try await runToolkit(["doctor"] + socket + ["--data-dir", core.dataDirectory])
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("ok    core: answering on \(core.socketPath)"))
        #expect(doctor.stdout.contains("ok    data: \(core.dataDirectory) is writable"))
        #expect(core.stop() == 0)
    }

    @Test func noCoreRunningExits69WithAHint() async throws {
        let directory = try TemporaryDirectory()
        let result = try await runToolkit(["call", "--socket", directory.appending("none.sock"), "system.ping"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("no such socket (is the core running? start it with `toolkit serve`)"))
        let doctor = try await runToolkit([
            "doctor", "--socket", directory.appending("none.sock"), "--data-dir", directory.path,
        ])
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("warn  core: not running"))
    }

    @Test func versionAndHelp() async throws {
        #expect(try await runToolkit(["--version"]).stdout == "0.1.0\n")
        let help = try await runToolkit(["call", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("key=value"))
    }
}
