import HTTPTypes
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import JSONRPC
public import Logging
import MCPBridge
import NIOCore

/// The web app: its routes in the order the rules apply (security headers on everything, then the `Host`
/// check, then the session or token and the `Origin` check where the diary is reached: every `POST` with a session
/// carries the app's own `Origin`), and the HTTP/1.1 server with DESIGN's limits.
///
/// | route | needs |
/// | --- | --- |
/// | `GET /`, `/app/NAME` (the pages' files) | nothing (no diary data) |
/// | `POST /api/session` | the token in the body |
/// | `POST /api/rpc`, `GET /api/events` | a session or the bearer token |
/// | `POST /api/upload` (a photo or video), `POST /api/upload/sound` (a WAV file) | a session or the bearer token |
/// | `POST /api/share` (a share bundle, downloaded) | a session or the bearer token |
/// | `GET /media/...` | a session or the bearer token |
public struct WebApp: Sendable {
    public let configuration: WebConfiguration
    public let access: WebAccess
    /// Which `Host` headers are answered; told the bound port when the server listens.
    public let hostRule: HostRule
    let link: RPCLink
    /// The media routes, whose kept answers ``MediaFastPath`` answers from too.
    let media: MediaRoutes

    public init(configuration: WebConfiguration, token: AccessToken) {
        self.configuration = configuration
        access = WebAccess(
            token: token, failedTries: FailedTries(limit: configuration.failedTriesPerMinute))
        hostRule = HostRule(listen: configuration.listen, names: configuration.allowedHosts)
        link = RPCLink.toCore(socketPath: configuration.socketPath, onMethodsChanged: {})
        media = MediaRoutes(link: link, dataDirectory: configuration.dataDirectory)
    }

    /// The routes and their middleware.
    public func router() -> Router<WebRequestContext> {
        // HEAD answers as GET does, without the body (a media file's length and type).
        let router = Router(context: WebRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: HostMiddleware(rule: hostRule))
        let pages = PageRoutes()
        router.get("/", use: pages.index)
        router.get("/app/:file", use: pages.file)

        router.group("api").add(middleware: OriginMiddleware(scheme: configuration.scheme))
            .post("session", use: SessionRoute(access: access, secure: configuration.tls != nil).open)
        let api = router.group("api")
            .add(middleware: AuthenticationMiddleware(access: access))
            .add(middleware: OriginMiddleware(scheme: configuration.scheme))
        api.post(
            "rpc", use: RPCRoute(forwarder: RPCForwarder(link: link, maximumBytes: configuration.maximumRPCBytes)).call)
        api.post(
            "upload",
            use: UploadRoute(
                link: link, dataDirectory: configuration.dataDirectory,
                maximumBytes: configuration.maximumUploadBytes
            ).upload)
        api.post(
            "upload/sound",
            use: SoundUploadRoute(
                link: link, dataDirectory: configuration.dataDirectory,
                maximumBytes: configuration.maximumUploadBytes
            ).upload)
        api.post("share", use: ShareRoute(link: link, dataDirectory: configuration.dataDirectory).share)
        api.get(
            "events",
            use: EventsRoute(socketPath: configuration.socketPath, keepAlive: configuration.keepAliveInterval).stream)

        let files = router.group("media").add(middleware: AuthenticationMiddleware(access: access))
        files.get("photos/:id", use: media.original)
        files.get("photos/:id/thumbnail", use: media.thumbnail)
        files.get("photos/:id/video", use: media.video)
        files.get("sounds/:id", use: media.sound)
        return router
    }

    /// The server: HTTP/1.1 (over TLS when ``WebConfiguration/tls`` is set) on the listen address, headers of at
    /// most 16 KiB, a new connection's first headers (its TLS handshake included) within
    /// ``WebConfiguration/headerDeadline``, at most 256 connections, idle connections closed after 60 s.
    /// `onListening` is told the URL to open (with the token) once it listens.
    public func application(
        logger: Logger, onListening: @escaping @Sendable (String) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let hostRule = hostRule
        let listen = configuration.listen
        let scheme = configuration.scheme
        let token = access.token
        let headerDeadline = TimeAmount.nanoseconds(Int64(configuration.headerDeadline / .nanoseconds(1)))
        var server = HTTPServerBuilder.http1(
            configuration: .init(
                additionalChannelHandlers: [HeaderDeadlineHandler(deadline: headerDeadline)],
                idleTimeout: .seconds(60),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 100)),
            fastPath: .init(
                hostRule: hostRule, access: access, lookups: media.lookups, smallBlobs: media.smallBlobs,
                dataDirectory: configuration.dataDirectory, sendsFiles: configuration.tls == nil))
        if let tls = configuration.tls {
            server = try .tls(server, tlsConfiguration: tls)
        }
        return Application(
            router: router(),
            server: server,
            configuration: .init(
                address: .hostname(listen.host, port: listen.port),
                availableConnectionsDelegate: MaximumAvailableConnections(256)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? listen.port
                hostRule.bound(port: port)
                // On every address, the URL names the one a phone on the network can use.
                let host = listen.isWildcard ? LANAddress.first() ?? listen.urlHost : listen.urlHost
                await onListening("\(scheme)://\(host):\(port)/#token=\(token.text)")
            },
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then lets requests in flight finish and closes the connection to the core.
    /// - Throws: when the listen address cannot be bound.
    public func run(logger: Logger, onListening: @escaping @Sendable (String) async -> Void) async throws {
        let leftovers = StagingFile.removeLeftovers(in: configuration.dataDirectory + "/blobs/tmp")
        if leftovers > 0 { logger.notice("removed \(leftovers) staging directories an earlier toolkit-web left") }
        do {
            try await application(logger: logger, onListening: onListening).runService()
        } catch {
            await link.close()
            throw error
        }
        await link.close()
    }

    /// Closes the connection to the core.
    public func close() async {
        await link.close()
    }
}
