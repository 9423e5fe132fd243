import Testing
import ToolkitPlugin

/// A plugin subscribes by the catalogue's type (`plugin.on(EntryDeleted.self)`) and gets the event's data as its
/// wire record, with the SDK alone imported.
struct TypedEventTests {
    @Test func anEventOfTheCatalogueReachesItsTypedSubscriber() async throws {
        let plugin = Plugin(name: "typed", version: "1.0.0")
        plugin.on(EntryDeleted.self) { event in
            try plugin.publish("typed.seen", data: ["id": event.data.id, "topic": event.topic, "seq": "\(event.seq)"])
        }
        #expect(plugin.manifest.subscriptions == ["entry.deleted"])

        let published = try await withPipedPlugin(plugin) { client -> RPCRequest? in
            try await handshake(client)
            let event = EventNotification(
                seq: 9, topic: EntryDeleted.topic, time: "2026-05-03T00:00:00Z", data: RecordID(id: "e1"))
            client.notify(EventNotification<RecordID>.method, params: try RawJSON(encoding: event))
            for await notification in client.notifications { return notification }
            return nil
        }

        #expect(published?.method == EventsPublish<JSONValue>.method)
        let params = try published?.params?.decode(EventsPublish<[String: String]>.self)
        #expect(params == EventsPublish(topic: "typed.seen", data: ["id": "e1", "topic": "entry.deleted", "seq": "9"]))
    }
}
