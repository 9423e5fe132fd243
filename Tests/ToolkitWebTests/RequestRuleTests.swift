import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitWeb

/// The rules every request meets: the Host check, the Origin check, and the security headers.
struct RequestRuleTests {
    @Test func aForgedHostIsRefusedAndTheListenAddressAndLocalhostAreAnswered() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.live) { client in
                let port = try #require(client.port)
                let raw = RawHTTP(port: port)
                for host in ["evil.example", "evil.example:\(port)", "127.0.0.1:1", "localhost.evil.example:\(port)"] {
                    let reply = try await raw.send(["GET / HTTP/1.1", "Host: \(host)"])
                    #expect(reply.status == 403, "Host: \(host)")
                    #expect(reply.body.contains("web.hosts"))
                    #expect(reply.header("Content-Security-Policy") == SecurityHeadersMiddleware.contentSecurityPolicy)
                }
                let forged = try await raw.send(
                    [
                        "POST /api/rpc HTTP/1.1", "Host: evil.example", "Authorization: Bearer \(harness.token)",
                    ], body: WebHarness.request("system.ping"))
                #expect(forged.status == 403)
                for host in ["localhost:\(port)", "127.0.0.1:\(port)", "localhost"] {
                    let reply = try await raw.send(["GET / HTTP/1.1", "Host: \(host)"])
                    #expect(reply.status == 200, "Host: \(host)")
                }
                let missing = try await raw.send(["GET / HTTP/1.0"])
                #expect(missing.status == 403)
            }
        }
    }

    @Test func aBrowsersWriteFromAnotherOriginOrNoneIsRefused() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let cookie = try await WebHarness.sessionCookie(client, token: harness.token)
                let create = ByteBuffer(string: WebHarness.request("pets.create", #"{"name":"보리"}"#))
                for origin in ["http://evil.example", "null", "http://localhost:1"] {
                    let response = try await client.execute(
                        uri: "/api/rpc", method: .post, headers: [.cookie: cookie, .origin: origin], body: create)
                    #expect(response.status == .forbidden, "Origin: \(origin)")
                }
                let without = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: [.cookie: cookie], body: create)
                #expect(without.status == .forbidden)
                #expect(String(buffer: without.body).contains("Origin"))
                // Nothing was made by the refused requests.
                let list = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: WebHarness.request("pets.list")))
                #expect(String(buffer: list.body).contains(#""items":[]"#))
                let own = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: [.cookie: cookie, .origin: "http://localhost"],
                    body: create)
                #expect(own.status == .ok)
                #expect(String(buffer: own.body).contains("보리"))
                let foreignSession = try await client.execute(
                    uri: "/api/session", method: .post, headers: [.origin: "http://evil.example"],
                    body: ByteBuffer(string: #"{"token":"\#(harness.token)"}"#))
                #expect(foreignSession.status == .forbidden)
            }
        }
    }

    @Test(arguments: ["/", "/app/main.js", "/app/app.css", "/api/rpc", "/media/photos/x", "/no/such/page"])
    func everyResponseCarriesTheSecurityHeaders(path: String) async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let response = try await client.execute(uri: path, method: .get)
                #expect(
                    response.headers[.init("Content-Security-Policy")!]
                        == SecurityHeadersMiddleware.contentSecurityPolicy)
                #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
                #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer")
                #expect(response.headers[.init("Access-Control-Allow-Origin")!] == nil)
            }
        }
    }

    @Test func thePageLoadsItsScriptAsAModuleAndPutsNoUserTextInAsMarkup() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
                #expect(page.contains(#"<script type="module" src="/app/main.js"></script>"#))
                #expect(!page.contains("<script>"))
                #expect(!page.contains("style="))
                let script = try await client.execute(uri: "/app/api.js", method: .get)
                #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
                let text = String(buffer: script.body)
                #expect(text.contains("/api/session") && text.contains("/api/rpc"))
                #expect(!text.contains("innerHTML"))
            }
        }
    }

    @Test func headersThatDoNotArriveInTimeCloseTheConnectionAndAWholeRequestIsAnswered() async throws {
        try await WebHarness.run(headerDeadline: .seconds(1)) { harness in
            try await harness.application().test(.live) { client in
                let raw = RawHTTP(port: try #require(client.port))
                // Half a request head, then nothing: the server closes without an answer, long before the idle
                // connections' 60 s.
                let slow = try await raw.dribble("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1", timeout: 30)
                #expect(slow.closed)
                #expect(slow.received.isEmpty, "\(slow.received)")
                // A whole head in time is answered as usual, on the same rule.
                let whole = try await raw.dribble("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                #expect(whole.closed)
                #expect(whole.received.hasPrefix("HTTP/1.1 200"), "\(whole.received.prefix(200))")
            }
        }
    }
}
