import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// Examples/plugins/greeter.js, a plugin written in JavaScript from docs/plugins.md alone, loaded by the built core
/// under Node.js and used by a client over the core's socket: its method with a params schema, its options'
/// defaults (and `null` for one without), a call it made to the core during `init`, and the event it publishes
/// for each event it receives.
struct NodePluginTests {
    static let node = "/usr/bin/node"
    static let plugin = repositoryRoot + "/Examples/plugins/greeter.js"

    @Test func theNodePluginAnswersWithItsOptionsAndPublishesForTheEventsItGets() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.node) else {
            Issue.record("Node.js is missing (no \(Self.node)): `apt-get install nodejs` (.ci/run installs it).")
            return
        }
        let core = try CoreProcess(extraArguments: ["--plugin", Self.plugin])
        defer { core.stop() }
        let client = try await ObjectClient.connect(to: core.socketPath)
        let state = try await eventually("greeter to end its handshake") { () async throws -> String? in
            let greeter = try await client.items("plugins.list").first { $0["name"] as? String == "greeter" }
            let state = greeter?["state"] as? String
            return state == "starting" || state == "handshaking" ? nil : state
        }
        #expect(state == "ready", "\(core.stderrText())")

        // The greeting option's default, and null for the signature option, which has none.
        let greeting = try await client.object("greeter.say", ["name": "보리"])
        #expect(greeting["text"] as? String == "hello, 보리")
        #expect(greeting["signature"] is NSNull, "\(greeting)")
        // The diary's name, which it asked the core for during init.
        let settings = try await client.object("settings.get")
        #expect(greeting["diary"] as? String == settings["diaryName"] as? String, "\(greeting)")
        // Its params schema, enforced by the core.
        let refused = await client.error("greeter.say", ["name": ""])
        #expect(refused?.code == .invalidParams)
        #expect(ObjectClient.data(of: refused)["field"] as? String == "name")

        // pet.created reaches it; it publishes greeter.noticed, which a client subscribed to greeter.* gets.
        let events = try LineClient(path: core.socketPath)
        try events.send(
            #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["greeter.*"]}}"# + "\n")
        let subscribed = await events.readLine()
        #expect(subscribed?.contains(#""subscription""#) == true, "\(subscribed ?? "nothing")")
        let pet = try await client.object("pets.create", ["name": "콩이"])
        let line = try #require(
            await events.readLine(timeout: Double(30 * TestPatience.factor)), "no greeter.noticed event")
        let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let params = event?["params"] as? [String: Any]
        #expect(params?["topic"] as? String == "greeter.noticed", "\(line)")
        let data = params?["data"] as? [String: Any]
        #expect(data?["petId"] as? String == pet["id"] as? String && data?["name"] as? String == "콩이", "\(line)")
        await client.close()
    }
}
