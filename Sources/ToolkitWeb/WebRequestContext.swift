public import Hummingbird
import NIOCore

/// What each request carries through the middleware: the remote address (for the failed-tries limit) and how
/// it proved it holds the token, once ``AuthenticationMiddleware`` has looked.
public struct WebRequestContext: RequestContext {
    /// How a request proved it may use the diary.
    public enum Authentication: Sendable, Equatable {
        /// The session cookie `POST /api/session` set: a browser, so requests that change something must
        /// show their `Origin`.
        case session
        /// `Authorization: Bearer TOKEN`: a script.
        case bearer
    }

    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, or `unknown` (a test's channel has none).
    public let remoteAddress: String
    /// Set by ``AuthenticationMiddleware``; nil before it or on the routes that need none.
    public var authentication: Authentication?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
        authentication = nil
    }
}
