import HTTPTypes
public import Hummingbird

/// Lets a request through only with an open session's cookie or `Authorization: Bearer TOKEN`, and records
/// which in the context. A wrong bearer token counts toward the address's failed tries (429 past the limit);
/// a missing or stale cookie is 401 and counts for nothing (it is not a guess at the token).
public struct AuthenticationMiddleware: RouterMiddleware {
    public typealias Context = WebRequestContext
    let access: WebAccess

    public init(access: WebAccess) {
        self.access = access
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let authorization = request.headers[.authorization] {
            guard let candidate = WebAccess.bearerToken(in: authorization) else {
                throw WebResponse.refusal(.unauthorized, "Authorization must be Bearer followed by the token.")
            }
            switch access.check(String(candidate), from: context.remoteAddress) {
            case .accepted:
                context.authentication = .bearer
            case .wrong:
                throw WebResponse.refusal(.unauthorized, "That token is not this web app's token.")
            case .tooManyTries:
                throw Self.tooManyTries
            }
        } else if let session = request.cookies[WebAccess.cookieName]?.value, access.sessions.contains(session) {
            context.authentication = .session
        } else {
            throw WebResponse.refusal(
                .unauthorized,
                "Open the URL toolkit web printed (it holds the token), or send Authorization: Bearer TOKEN.")
        }
        return try await next(request, context)
    }

    /// The refusal past the failed-tries limit.
    static let tooManyTries = HTTPError(
        .tooManyRequests, headers: [.retryAfter: "60"],
        message: "Too many wrong tokens from this address; wait a minute and try again.")
}
