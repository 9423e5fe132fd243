import JSONRPC
import Testing
import ToolkitAPI
import ToolkitPlugin
import ToolkitTestSupport

/// A plugin made with the SDK, served in this process over pipes, as the core sees it.
struct PluginProtocolTests {
    @Test func optionsComeFromInitWithTheDeclaredDefaultsForTheRest() async throws {
        let answer = try await withPipedPlugin(try FixturePlugin.make()) { client in
            try await handshake(client, options: ["greeting": "안녕"])
            return try await client.call("test.options").decode(JSONValue.self)
        }

        #expect(answer.sortedText == #"{"greeting":"안녕","repeats":1}"#)
    }

    @Test func initRefusesAnOptionOfTheWrongType() async throws {
        let error = try await withPipedPlugin(try FixturePlugin.make()) { client in
            _ = try await client.call("getmanifest", params: RawJSON(["protocol": 1]))
            return await #expect(throws: RPCError.self) {
                try await client.call("init", params: RawJSON(["protocol": 1, "options": ["repeats": "twice"]]))
            }
        }

        #expect(error?.code == .invalidParams)
        #expect(error?.message == "Option 'repeats' of plugin fixture must be of type integer; it is \"twice\".")
    }

    @Test func rpcCancelStopsASlowMethodAndItIsAnsweredCancelled() async throws {
        // The method waits 30 s unless cancelled: the answer -32005 is the plugin stopping it.
        let error = try await withPipedPlugin(try FixturePlugin.make()) { client in
            try await handshake(client)
            // Cancelling the calling task sends `rpc.cancel {"id"}` for the request, as the core does.
            let call = Task { try await client.call("test.wait", params: RawJSON(["seconds": 30])) }
            try await Task.sleep(for: .milliseconds(200))
            call.cancel()
            return await #expect(throws: RPCError.self) { try await call.value }
        }

        #expect(error?.code == .cancelled)
    }

    /// A run() that never returned would hang here: the time limit turns that into a failure. It is 3 minutes: in
    /// the whole suite on two cores the test once waited more than one for a thread.
    @Test(.timeLimit(.minutes(3 * TestPatience.factor))) func runReturnsWhenStdinClosesEvenWithoutShutdown()
        async throws
    {
        // withPipedPlugin closes the plugin's input and waits for run() to return.
        try await withPipedPlugin(try FixturePlugin.make()) { client in try await handshake(client) }
    }

    @Test func runReturnsOnTheShutdownNotification() async throws {
        try await withPipedPlugin(try FixturePlugin.make()) { client in
            try await handshake(client)
            client.notify("shutdown")
            // The plugin closes its side: the connection closes though this side keeps writing, and the
            // stream of notifications ends.
            for await _ in client.notifications {}
        }
    }

    @Test(arguments: [
        ("Secret plans", #"{"message":"Entries about secrets stay in your head.","result":"reject"}"#),
        (
            "walk in the park",
            #"{"params":{"body":"","date":null,"favorite":null,"id":null,"petId":null,"photoIds":null,"#
                + #""title":"Walk in the park"},"result":"continue"}"#
        ),
        ("Walk", #"{"result":"continue"}"#),
    ])
    func entryBeforeSaveAnswersRejectContinueOrChangedParams(title: String, expected: String) async throws {
        let answer = try await withPipedPlugin(try FixturePlugin.make()) { client in
            try await handshake(client)
            return try await client.call(
                "entry.beforeSave", params: RawJSON(encoding: EntryBeforeSave.Params(title: title, body: "")))
        }

        #expect(try answer.decode(JSONValue.self).sortedText == expected)
    }

    @Test func aSubscribedEventReachesItsTypedSubscriberWhichPublishesItsOwn() async throws {
        let published = try await withPipedPlugin(try FixturePlugin.make()) { client -> RPCRequest? in
            try await handshake(client)
            let entry = EntryRecord(
                id: "e1", title: "보리 산책", body: "", date: "2026-05-03", createdAt: "2026-05-03T00:00:00Z",
                updatedAt: "2026-05-03T00:00:00Z")
            let event: JSONValue = [
                "seq": 7, "topic": "entry.created", "time": "2026-05-03T00:00:00Z",
                "data": try RawJSON(encoding: entry).decode(JSONValue.self),
            ]
            client.notify(EventNotification<JSONValue>.method, params: RawJSON(event))
            for await notification in client.notifications { return notification }
            return nil
        }

        #expect(published?.method == "events.publish")
        let params = try published?.params?.decode(JSONValue.self)
        #expect(params?.sortedText == #"{"data":{"title":"보리 산책"},"topic":"fixture.seen"}"#)
    }

    @Test func publishRefusesATopicOfTheCoresOwn() throws {
        let plugin = try FixturePlugin.make()

        let error = #expect(throws: PluginError.self) { try plugin.publish("photo.liked", data: [:] as JSONValue) }

        #expect(error?.code == .invalidTopic)
    }
}

extension JSONValue {
    /// The text with every object's members sorted by key, to compare with a literal.
    var sortedText: String {
        switch self {
        case .object(let members):
            "{"
                + members.sorted { $0.0 < $1.0 }.map { JSONValue.string($0.0).text + ":" + $0.1.sortedText }
                .joined(separator: ",") + "}"
        case .array(let values): "[" + values.map(\.sortedText).joined(separator: ",") + "]"
        default: text
        }
    }
}
