public import HummingbirdTLS

/// Everything `toolkit-web` runs with, resolved at the edge (`toolkit web` reads the config file and the
/// environment and passes them as arguments); every member has a default.
public struct WebConfiguration: Sendable {
    /// Where to listen.
    public var listen: ListenAddress
    /// The core's socket.
    public var socketPath: String
    /// The core's data directory: the blobs `/media` serves are under `DATA/blobs/sha256`.
    public var dataDirectory: String
    /// The access token's file (`$XDG_CONFIG_HOME/toolkit/web-token`), made with mode 0600 when missing.
    public var tokenFile: String
    /// Make a new token even when the file has one (`--new-token`): every session of the old one ends.
    public var newToken: Bool
    /// Names besides the listen address and `localhost:PORT` that the `Host` header may carry (config
    /// `web.hosts`); each matches with any port or none.
    public var allowedHosts: [String]
    /// The largest `POST /api/rpc` body.
    public var maximumRPCBytes: Int
    /// The largest upload (`limits.uploadBytes`).
    public var maximumUploadBytes: Int64
    /// How often `/api/events` writes a comment so that idle proxies keep the stream open.
    public var keepAliveInterval: Duration
    /// Failed token tries one address may make in a minute before it gets 429.
    public var failedTriesPerMinute: Int
    /// How long a new connection's first request headers may take to arrive.
    public var headerDeadline: Duration
    /// HTTPS (``WebTLS/configuration(certificateFile:keyFile:)``); nil serves plain HTTP.
    public var tls: TLSConfiguration?

    /// The URL scheme the app is reached by.
    public var scheme: String { tls == nil ? "http" : "https" }

    public init(
        listen: ListenAddress = .loopbackDefault, socketPath: String = "", dataDirectory: String = "",
        tokenFile: String = "", newToken: Bool = false, allowedHosts: [String] = [],
        maximumRPCBytes: Int = 16 * 1024 * 1024, maximumUploadBytes: Int64 = 4 << 30,
        keepAliveInterval: Duration = .seconds(15),
        failedTriesPerMinute: Int = 10, headerDeadline: Duration = .seconds(10), tls: TLSConfiguration? = nil
    ) {
        self.listen = listen
        self.socketPath = socketPath
        self.dataDirectory = dataDirectory
        self.tokenFile = tokenFile
        self.newToken = newToken
        self.allowedHosts = allowedHosts
        self.maximumRPCBytes = maximumRPCBytes
        self.maximumUploadBytes = maximumUploadBytes
        self.keepAliveInterval = keepAliveInterval
        self.failedTriesPerMinute = failedTriesPerMinute
        self.headerDeadline = headerDeadline
        self.tls = tls
    }
}
