import Foundation
import Synchronization
import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitWeb

/// `GET /api/events`: the core's events as Server-Sent Events.
struct EventsRouteTests {
    @Test func anEventCausedByACallArrivesWithItsSeqTopicAndJSON() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let raw = RawHTTP(port: try #require(client.port))
                let (subscribed, ended) = (Flag(), Flag())
                let stream = Task {
                    defer { ended.raise() }
                    return try await raw.send(
                        ["GET /api/events HTTP/1.1", "Host: localhost", "Authorization: Bearer \(harness.token)"],
                        until: {
                            if $0.contains(": subscribed at seq") { subscribed.raise() }
                            return complete($0, after: "event: pet.created")
                        })
                }
                // The stream says when the core has subscribed it; only then is there an event to wait for.
                while !subscribed.isRaised && !ended.isRaised { try await Task.sleep(for: .milliseconds(50)) }
                let created = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: WebHarness.request("pets.create", #"{"name":"콩이"}"#)))
                #expect(created.status == .ok)
                let reply = try await stream.value
                #expect(reply.status == 200)
                #expect(reply.header("Content-Type") == "text/event-stream; charset=utf-8")
                #expect(reply.header("Cache-Control") == "no-cache")
                let event = try #require(
                    reply.body.components(separatedBy: "\n\n").first { $0.contains("pet.created") })
                let lines = event.split(whereSeparator: \.isNewline).filter {
                    !$0.hasPrefix(":") && !$0.allSatisfy(\.isHexDigit)
                }
                #expect(lines.contains("event: pet.created"))
                #expect(lines.contains { $0.hasPrefix("id: ") && Int($0.dropFirst(4)) != nil }, "\(lines)")
                #expect(lines.contains { $0.hasPrefix(#"data: {"seq":"#) && $0.contains("콩이") })
            }
        }
    }

    @Test func lastEventIDReplaysWhatCameAfterIt() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                for name in ["하나", "둘"] {
                    _ = try await client.execute(
                        uri: "/api/rpc", method: .post, headers: harness.bearer,
                        body: ByteBuffer(string: WebHarness.request("pets.create", #"{"name":"\#(name)"}"#)))
                }
                let raw = RawHTTP(port: try #require(client.port))
                let reply = try await raw.send(
                    [
                        "GET /api/events HTTP/1.1", "Host: localhost", "Authorization: Bearer \(harness.token)",
                        "Last-Event-ID: 1",
                    ], until: { complete($0, after: "둘") })
                #expect(reply.body.contains("둘"))
                #expect(!reply.body.contains("하나"))
            }
        }
    }

    @Test func eventsNeedTheToken() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let response = try await client.execute(uri: "/api/events", method: .get)
                #expect(response.status == .unauthorized)
            }
        }
    }
}

/// Whether `text` holds `marker` and the blank line that ends the event it is in.
private func complete(_ text: String, after marker: String) -> Bool {
    guard let found = text.range(of: marker) else { return false }
    return text[found.upperBound...].contains("\n\n")
}

/// Raised once, from the thread that reads the stream, and read from the test.
private final class Flag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
