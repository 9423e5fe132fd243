#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
import ToolkitTestSupport
import ToolkitWeb

/// The token, the session it is traded for, the bearer header, and the limit on wrong guesses.
struct AccessTests {
    @Test func theTokenFileIsMadeOnceWithMode0600AndNewTokenReplacesIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("config/toolkit/web-token")
        let first = try AccessToken.load(from: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(directory.appending("config/toolkit"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(first.text.count == 64 && first.text.allSatisfy(\.isHexDigit))
        #expect(try AccessToken.load(from: path) == first)
        let replaced = try AccessToken.load(from: path, replace: true)
        #expect(replaced != first)
        #expect(try AccessToken.load(from: path) == replaced)
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(directory.listing("config/toolkit") == ["web-token"])
    }

    @Test func theTokenIsTradedForAStrictHttpOnlySessionCookie() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let response = try await client.execute(
                    uri: "/api/session", method: .post, body: ByteBuffer(string: #"{"token":"\#(harness.token)"}"#))
                #expect(response.status == .noContent)
                let cookie = try #require(response.headers[.setCookie])
                #expect(cookie.hasPrefix("toolkit_session="))
                for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] { #expect(cookie.contains(attribute)) }
                #expect(!cookie.contains(harness.token))

                let session = String(cookie.prefix { $0 != ";" })
                let answer = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: [.cookie: session, .origin: "http://localhost"],
                    body: ByteBuffer(string: WebHarness.request("system.ping")))
                #expect(answer.status == .ok)
                #expect(String(buffer: answer.body) == #"{"jsonrpc":"2.0","result":"pong","id":1}"#)
            }
        }
    }

    @Test func aScriptUsesTheBearerTokenAndAWrongOneIsRefused() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let ping = ByteBuffer(string: WebHarness.request("system.ping"))
                let right = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer, body: ping)
                #expect(right.status == .ok)
                let wrong = try await client.execute(
                    uri: "/api/rpc", method: .post,
                    headers: [.authorization: "Bearer " + String(repeating: "0", count: 64)],
                    body: ping)
                #expect(wrong.status == .unauthorized)
                #expect(String(buffer: wrong.body).contains("not this web app's token"))
                let none = try await client.execute(uri: "/api/rpc", method: .post, body: ping)
                #expect(none.status == .unauthorized)
                let badSession = try await client.execute(
                    uri: "/api/session", method: .post, body: ByteBuffer(string: #"{"token":"guess"}"#))
                #expect(badSession.status == .unauthorized)
                let notJSON = try await client.execute(
                    uri: "/api/session", method: .post, body: ByteBuffer(string: "token=abc"))
                #expect(notJSON.status == .badRequest)
            }
        }
    }

    @Test func aCookieOfAnotherAppsSessionIsRefused() async throws {
        try await WebHarness.run { first in
            let cookie = try await first.application().test(.router) { client in
                try await WebHarness.sessionCookie(client, token: first.token)
            }
            try await WebHarness.run { second in
                try await second.application().test(.router) { client in
                    let response = try await client.execute(
                        uri: "/api/rpc", method: .post, headers: [.cookie: cookie, .origin: "http://localhost"],
                        body: ByteBuffer(string: WebHarness.request("system.ping")))
                    #expect(response.status == .unauthorized)
                }
            }
        }
    }

    @Test func tenWrongTokensInAMinuteThenEvenTheRightOneGets429() async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let wrong = ByteBuffer(string: #"{"token":"\#(String(repeating: "a", count: 64))"}"#)
                for _ in 0..<10 {
                    let response = try await client.execute(uri: "/api/session", method: .post, body: wrong)
                    #expect(response.status == .unauthorized)
                }
                let right = try await client.execute(
                    uri: "/api/session", method: .post, body: ByteBuffer(string: #"{"token":"\#(harness.token)"}"#))
                #expect(right.status == .tooManyRequests)
                #expect(right.headers[.retryAfter] == "60")
                let bearer = try await client.execute(
                    uri: "/api/rpc", method: .post, headers: harness.bearer,
                    body: ByteBuffer(string: WebHarness.request("system.ping")))
                #expect(bearer.status == .tooManyRequests)
            }
        }
    }

    @Test func failedTriesAreForgottenAfterAMinute() {
        let clock = ManualInstant()
        let tries = FailedTries(limit: 2, now: { clock.now })
        tries.record("10.0.0.1")
        tries.record("10.0.0.1")
        #expect(tries.isBlocked("10.0.0.1"))
        #expect(!tries.isBlocked("10.0.0.2"))
        clock.advance(by: .seconds(61))
        #expect(!tries.isBlocked("10.0.0.1"))
    }
}

/// A clock reading a test moves by hand.
final class ManualInstant: Sendable {
    private let reading = NIOLockedValueBox(ContinuousClock.now)
    var now: ContinuousClock.Instant { reading.withLockedValue { $0 } }
    func advance(by duration: Duration) { reading.withLockedValue { $0 += duration } }
}
