import Hummingbird
import HummingbirdTLS
import HummingbirdTesting
import Logging
import ToolkitTestSupport
import ToolkitCoreTesting
import ToolkitWeb

/// A real core on a real socket in a temp directory, and the web app in front of it with a token file of its
/// own, as `toolkit web` starts it. HummingbirdTesting sends `Host: localhost` without a port, so the app
/// answers that name here (as it does a name in the config's `web.hosts`).
struct WebHarness: Sendable {
    let core: TestCore
    let directory: TemporaryDirectory
    let web: WebApp
    let tokenFile: String

    /// The token the app was started with.
    var token: String { web.access.token.text }

    /// Starts a core and the app, runs `body`, and stops both.
    static func run(
        failedTriesPerMinute: Int = 10, maximumUploadBytes: Int64 = 4 << 30, headerDeadline: Duration = .seconds(10),
        tls: TLSConfiguration? = nil, _ body: @Sendable (WebHarness) async throws -> Void
    ) async throws {
        try await withCore(.socket) { core in
            let directory = try TemporaryDirectory()
            let tokenFile = directory.appending("config/toolkit/web-token")
            let configuration = WebConfiguration(
                listen: ListenAddress(host: "127.0.0.1", port: 0), socketPath: core.socketPath,
                dataDirectory: core.dataDirectory, tokenFile: tokenFile, allowedHosts: ["localhost"],
                maximumUploadBytes: maximumUploadBytes, keepAliveInterval: .seconds(1),
                failedTriesPerMinute: failedTriesPerMinute, headerDeadline: headerDeadline, tls: tls)
            let web = WebApp(configuration: configuration, token: try AccessToken.load(from: tokenFile))
            let harness = WebHarness(core: core, directory: directory, web: web, tokenFile: tokenFile)
            do {
                try await body(harness)
            } catch {
                await web.close()
                throw error
            }
            await web.close()
        }
    }

    /// The app as Hummingbird runs it, for `app.test(.router)` and `.live`.
    func application() throws -> some ApplicationProtocol {
        try web.application(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// The bearer header for scripts.
    var bearer: HTTPFields { [.authorization: "Bearer \(token)"] }

    /// A JSON-RPC request's text.
    static func request(_ method: String, _ params: String = "{}", id: String = "1") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
    }

    /// Opens a session with the token and answers the `Cookie` header that carries it.
    static func sessionCookie(_ client: some TestClientProtocol, token: String) async throws -> String {
        let response = try await client.execute(
            uri: "/api/session", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"token":"\#(token)"}"#))
        guard response.status == .noContent, let cookie = response.headers[.setCookie] else {
            throw TestFailure("POST /api/session answered \(response.status)")
        }
        return String(cookie.prefix { $0 != ";" })
    }
}
