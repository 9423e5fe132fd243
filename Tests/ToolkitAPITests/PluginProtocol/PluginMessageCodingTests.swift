import JSONRPC
import Testing
import ToolkitAPI

/// Protocol 1's other messages: `init` and its answer, hook answers, events and `events.publish`, as the
/// core writes them and docs/plugins.md shows them.
struct PluginMessageCodingTests {
    @Test func initParamsAreWrittenInTheDocumentedOrderAndReadBackEqual() throws {
        let params = Initialize.Params(
            name: "hello", socket: "/run/t.sock", dataDir: "/data", options: ["years": 5])

        #expect(
            RawJSON(params.json).text
                == #"{"protocol":1,"name":"hello","socket":"/run/t.sock","dataDir":"/data","options":{"years":5}}"#)
        #expect(try RawJSON(params.json).decode(Initialize.Params.self) == params)
        #expect(try RawJSON(encoding: GetManifest.Params()).text == #"{"protocol":1}"#)
    }

    @Test(arguments: [
        (#"{}"#, String?.none), (#"{"disable": "ffmpeg is not installed"}"#, "ffmpeg is not installed"),
        (#"{"disable": null}"#, nil), (#"{"disable": {"why": 1}}"#, #"{"why":1}"#), (#"true"#, nil),
        (#"["disable"]"#, nil),
    ])
    func anInitAnswerDisablesOnlyWithADisableMember(answer: String, disable: String?) throws {
        #expect(try RawJSON(unchecked: answer).decode(Initialize.Result.self).disable == disable)
    }

    @Test func anInitAnswerIsWrittenAsProtocolOneShowsIt() throws {
        #expect(try RawJSON(encoding: Initialize.Result()).text == "{}")
        #expect(try RawJSON(encoding: Initialize.Result(disable: "why")).text == #"{"disable":"why"}"#)
    }

    @Test(arguments: [
        (#"{"result": "continue"}"#, HookReply<JSONValue>(result: .continue)),
        (
            #"{"result": "continue", "params": {"title": "t"}}"#,
            HookReply<JSONValue>(result: .continue, params: ["title": "t"])
        ),
        (#"{"result": "reject", "message": "No."}"#, HookReply<JSONValue>(result: .reject, message: "No.")),
        (#"{"result": "reject", "message": 7}"#, HookReply<JSONValue>(result: .reject)),
        (#"{"result": "continue", "params": null}"#, HookReply<JSONValue>(result: .continue)),
    ])
    func theDocumentedHookAnswersRead(json: String, reply: HookReply<JSONValue>) throws {
        let read = try RawJSON(unchecked: json).decode(HookReply<JSONValue>.self)

        #expect(read == reply)
        #expect(try RawJSON(encoding: read).decode(HookReply<JSONValue>.self) == read)
    }

    @Test(arguments: [#"{"result": "maybe"}"#, #"{}"#, #""continue""#])
    func anAnswerThatIsNeitherContinueNorRejectDoesNotRead(json: String) {
        #expect(throws: DecodingError.self) { try RawJSON(unchecked: json).decode(HookReply<JSONValue>.self) }
    }

    @Test func aHooksChangedParamsTravelTyped() throws {
        let params = EntryBeforeSave.Params(title: "산책", date: "2024-05-01")
        let reply = HookReply(result: .continue, params: params)

        let text = try RawJSON(encoding: reply).text

        #expect(
            text == #"{"params":{"body":null,"date":"2024-05-01","favorite":null,"id":null,"petId":null,"#
                + #""photoIds":null,"title":"산책"},"result":"continue"}"#)
        #expect(try RawJSON(unchecked: text).decode(HookReply<EntryBeforeSave.Params>.self) == reply)
    }

    @Test func anEventReadsTypedAndBackEqual() throws {
        let json = #"{"seq":12,"topic":"entry.deleted","time":"2026-01-01T00:00:00Z","data":{"id":"e1"}}"#

        let event = try RawJSON(unchecked: json).decode(EventNotification<EntryDeleted.Data>.self)

        #expect(
            event
                == EventNotification(
                    seq: 12, topic: EntryDeleted.topic, time: "2026-01-01T00:00:00Z", data: .init(id: "e1")))
        #expect(try RawJSON(encoding: event).decode(EventNotification<RecordID>.self) == event)
        #expect(EventNotification<JSONValue>.method == "event")
    }

    @Test func aPublishedEventIsTopicAndData() throws {
        let published = EventsPublish(topic: "memories.found", data: ["count": 2] as JSONValue)

        #expect(try RawJSON(encoding: published).text == #"{"data":{"count":2},"topic":"memories.found"}"#)
        #expect(EventsPublish<JSONValue>.method == "events.publish")
        #expect(Shutdown.name == "shutdown")
        #expect(GetManifest.name == "getmanifest")
        #expect(Initialize.name == "init")
    }
}
