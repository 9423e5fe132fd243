import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting
import ToolkitWeb

/// `POST /api/rpc`: the core's answers, as its socket gives them.
struct RPCRouteTests {
    @Test func aRequestABatchAndAnErrorComeBackAsTheSocketAnswersThem() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                func post(_ body: String) async throws -> (HTTPResponse.Status, String, String?) {
                    let response = try await client.execute(
                        uri: "/api/rpc", method: .post, headers: harness.bearer, body: ByteBuffer(string: body))
                    return (response.status, String(buffer: response.body), response.headers[.contentType])
                }
                let created = try await post(WebHarness.request("pets.create", #"{"name":"보리"}"#, id: #""a""#))
                #expect(created.0 == .ok)
                #expect(created.2 == "application/json")
                #expect(created.1.hasPrefix(#"{"jsonrpc":"2.0","result":{"#) && created.1.hasSuffix(#","id":"a"}"#))

                // An error is the core's own: its code, message and data, byte for byte as on the socket.
                let missing = WebHarness.request("pets.get", #"{"id":"00000000-0000-0000-0000-000000000000"}"#)
                let overHTTP = try await post(missing)
                let socket = try await harness.core.lineClient()
                try socket.send(missing + "\n")
                let overSocket = try #require(await socket.readLine())
                #expect(overHTTP.0 == .ok)
                #expect(overHTTP.1 == overSocket)
                #expect(overHTTP.1.contains(#""code":-32001"#))

                let batch = try await post(
                    "[" + WebHarness.request("system.ping", id: "1") + #",{"jsonrpc":"2.0","method":"system.ping"},"#
                        + WebHarness.request("no.such", id: "2") + "]")
                #expect(batch.0 == .ok)
                #expect(batch.1.hasPrefix(#"[{"jsonrpc":"2.0","result":"pong","id":1},"#))
                #expect(batch.1.contains(#""code":-32601"#) && batch.1.hasSuffix(#""id":2}]"#))

                let notification = try await post(#"{"jsonrpc":"2.0","method":"system.ping"}"#)
                #expect(notification.0 == .noContent)
                let parseError = try await post(#"{"jsonrpc":"2.0","id":1,"#)
                #expect(parseError.0 == .ok && parseError.1.contains(#""code":-32700"#))
                let empty = try await post("[]")
                #expect(empty.1.contains(#""code":-32600"#))
                let album = try await post(WebHarness.request("albums.create", #"{"title":"a"}"#))
                let albumID = try #require(album.1.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1)
                let byPath = try await post(
                    WebHarness.request("photos.import", #"{"albumId":"\#(albumID)","path":"/etc/hostname"}"#))
                #expect(byPath.0 == .ok && byPath.1.contains(#""code":-32602"#) && byPath.1.contains("path-over-http"))
                let photos = try await post(WebHarness.request("photos.list", #"{"albumId":"\#(albumID)"}"#))
                #expect(photos.1.contains(#""items":[]"#))
                let subscribe = try await post(WebHarness.request("events.subscribe", #"{"topics":["*"]}"#))
                #expect(subscribe.1.contains(#""code":-32600"#) && subscribe.1.contains("/api/events"))
            }
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 16 * 1024 * 1024 + 1)
                let response = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer, body: huge)
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test func whileTheCoreIsDownTheAnswerIs503AndItWorksAgainOnceItRestarts() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let ping = ByteBuffer(string: WebHarness.request("system.ping"))
                let before = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer, body: ping)
                #expect(before.status == .ok)
                await harness.core.stop()
                let down = try await client.execute(uri: "/api/rpc", method: .post, headers: harness.bearer, body: ping)
                #expect(down.status == .serviceUnavailable)
                #expect(down.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(String(buffer: down.body).contains("The diary is not running"))
                let events = try await client.execute(uri: "/api/events", method: .get, headers: harness.bearer)
                #expect(events.status == .serviceUnavailable)
                let media = try await client.execute(
                    uri: "/media/photos/00000000-0000-0000-0000-000000000000", method: .get, headers: harness.bearer)
                #expect(media.status == .serviceUnavailable)
                try await harness.core.restart()
                let after = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer, body: ping)
                #expect(after.status == .ok)
                #expect(String(buffer: after.body) == #"{"jsonrpc":"2.0","result":"pong","id":1}"#)
            }
        }
    }
}
