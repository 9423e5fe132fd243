import HTTPTypes
public import Hummingbird

/// Cross-site request forgery: a request that may change something (not GET or HEAD) is refused with 403
/// when its `Origin` is another site's, and, when a browser's session cookie authenticates it, also when it
/// has none. The app's own origin is its scheme (`http` or, under TLS, `https`) and the `Host` the request was
/// sent to, which ``HostMiddleware`` has already held to this app's names.
public struct OriginMiddleware: RouterMiddleware {
    public typealias Context = WebRequestContext

    /// `http`, or `https` under TLS.
    let scheme: String

    public init(scheme: String = "http") {
        self.scheme = scheme
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        let own = scheme + "://" + (request.head.authority ?? "").lowercased()
        if let origin = request.headers[.origin] {
            guard origin.lowercased() == own else {
                throw WebResponse.refusal(.forbidden, "Requests from \(origin) may not change this diary.")
            }
        } else if context.authentication == .session {
            throw WebResponse.refusal(
                .forbidden, "A browser's request that changes something must say its Origin; this one did not.")
        }
        return try await next(request, context)
    }
}
