import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTLS
import HummingbirdTesting
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting
import ToolkitWeb

/// HTTPS with `--tls-cert` and `--tls-key`: a certificate made by `openssl req`, as docs/web.md tells a user to.
struct TLSTests {
    /// A self-signed certificate for localhost and its key, in `directory`.
    static func certificate(in directory: TemporaryDirectory, named name: String = "web") async throws -> (
        certificate: String, key: String
    ) {
        let (certificate, key) = (directory.appending("\(name).crt"), directory.appending("\(name).key"))
        let made = try await runCommand(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=localhost", "-keyout", key, "-out", certificate,
            ])
        guard made.status == 0 else { throw TestFailure("openssl req failed: \(made.stderr)") }
        return (certificate, key)
    }

    @Test func overHTTPSTheCookieIsSecureAndOnlyAnHTTPSOriginMayChangeTheDiary() async throws {
        let directory = try TemporaryDirectory()
        let files = try await Self.certificate(in: directory)
        let tls = try WebTLS.configuration(certificateFile: files.certificate, keyFile: files.key)
        try await WebHarness.run(tls: tls) { harness in
            try await harness.application().test(.ahc(.https)) { client in
                let session = try await client.execute(
                    uri: "/api/session", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"token":"\#(harness.token)"}"#))
                #expect(session.status == .noContent)
                let cookie = try #require(session.headers[.setCookie])
                #expect(cookie.contains("Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
                let port = try #require(client.port)
                let ping = ByteBuffer(string: WebHarness.request("system.ping"))
                let plain = try await client.execute(
                    uri: "/api/rpc", method: .post,
                    headers: [.cookie: String(cookie.prefix { $0 != ";" }), .origin: "http://localhost:\(port)"],
                    body: ping)
                #expect(plain.status == .forbidden, "the http:// origin is another site's under TLS")
                let secure = try await client.execute(
                    uri: "/api/rpc", method: .post,
                    headers: [.cookie: String(cookie.prefix { $0 != ";" }), .origin: "https://localhost:\(port)"],
                    body: ping)
                #expect(secure.status == .ok)
                #expect(String(buffer: secure.body).contains(#""result":"pong""#))
            }
        }
    }

    @Test func toolkitWebServesHTTPSOnTheNetworkAndPrintsAnHTTPSURL() async throws {
        try await withCore(.socket) { core in
            let directory = try TemporaryDirectory()
            let files = try await Self.certificate(in: directory)
            let output = directory.appending("stdout")
            let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            defer { close(descriptor) }
            let web = try ChildProcess(
                ToolkitBinary.path,
                [
                    "web", "--socket", core.socketPath, "--data-dir", core.dataDirectory, "--listen", "0.0.0.0:0",
                    "--tls-cert", files.certificate, "--tls-key", files.key,
                ],
                environment: ["XDG_CONFIG_HOME": directory.appending("config"), "HOME": directory.path],
                standardOutput: descriptor)
            defer { _ = web.stop(timeout: .seconds(10)) }
            let url = try await firstLine(writtenTo: output)
            #expect(url.hasPrefix("https://"), "\(url)")
            let port = try #require(Int(url.split(separator: ":")[2].prefix { $0.isNumber }))
            // A real TLS client (Python's) with the token: the handshake, the Host rule and the API over HTTPS.
            let token = try String(contentsOfFile: directory.appending("config/toolkit/web-token"), encoding: .utf8)
            let client = try await runCommand(
                "python3",
                [
                    "-c",
                    """
                    import ssl, sys, urllib.request
                    ping = b'{"jsonrpc":"2.0","id":1,"method":"system.ping"}'
                    request = urllib.request.Request(
                        sys.argv[1], data=ping, headers={"Authorization": "Bearer " + sys.argv[2]})
                    print(urllib.request.urlopen(request, context=ssl._create_unverified_context()).read().decode())
                    """,
                    "https://127.0.0.1:\(port)/api/rpc", token.filter(\.isHexDigit),
                ])
            #expect(client.status == 0, "\(client.stderr)")
            #expect(client.stdout.contains(#""result":"pong""#))
            // Plain HTTP to the TLS port gets no page.
            let plain = try? await RawHTTP(port: port).send(
                ["GET / HTTP/1.1", "Host: 127.0.0.1:\(port)"], timeout: 20)
            #expect(plain?.status != 200)
        }
    }

    @Test func aKeyThatIsNotTheCertificatesIsRefusedAtStartNamingBothFiles() async throws {
        let directory = try TemporaryDirectory()
        let first = try await Self.certificate(in: directory, named: "first")
        let second = try await Self.certificate(in: directory, named: "second")
        let result = try await runToolkit(
            [
                "web", "--listen", "0.0.0.0:0", "--socket", "/nonexistent/core.sock", "--tls-cert", first.certificate,
                "--tls-key", second.key,
            ],
            environment: ["XDG_CONFIG_HOME": directory.appending("config"), "HOME": directory.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("does not belong") && result.stderr.contains(second.key), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingKeyOrAnUnreadableCertificateIsRefusedWithTheReason() async throws {
        let directory = try TemporaryDirectory()
        let files = try await Self.certificate(in: directory)
        let environment = ["XDG_CONFIG_HOME": directory.appending("config"), "HOME": directory.path]
        let onlyCertificate = try await runToolkit(
            ["web", "--socket", "/nonexistent/core.sock", "--tls-cert", files.certificate], environment: environment)
        #expect(onlyCertificate.status == 64)
        #expect(onlyCertificate.stderr.contains("needs both --tls-cert FILE and --tls-key FILE"))
        let notACertificate = try await runToolkit(
            ["web", "--socket", "/nonexistent/core.sock", "--tls-cert", files.key, "--tls-key", files.key],
            environment: environment)
        #expect(notACertificate.status == 64)
        #expect(notACertificate.stderr.contains("--tls-cert \(files.key): "), "\(notACertificate.stderr)")
    }
}
