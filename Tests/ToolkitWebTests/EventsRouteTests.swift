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
                let arrived = Arrived()
                let stream = Task {
                    defer { arrived.flag.store(true, ordering: .releasing) }
                    return try await raw.send(
                        ["GET /api/events HTTP/1.1", "Host: localhost", "Authorization: Bearer \(harness.token)"],
                        until: { complete($0, after: "event: pet.created") && $0.contains(": keep-alive") })
                }
                // The subscription is made while the headers are sent, which a busy machine may delay: a pet is
                // made now and then until one's event comes through.
                var made = 0
                repeat {
                    let created = try await client.execute(
                        uri: "/api/rpc", method: .post, headers: harness.bearer,
                        body: ByteBuffer(string: WebHarness.request("pets.create", #"{"name":"콩이\#(made)"}"#)))
                    #expect(created.status == .ok)
                    made += 1
                    try await Task.sleep(for: .milliseconds(300))
                } while !arrived.flag.load(ordering: .acquiring) && made < 200
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

/// Set once the event stream's reply has been read.
private final class Arrived: Sendable {
    let flag = Atomic(false)
}
