import HTTPTypes
public import Hummingbird

/// Refuses with 403 every request whose `Host` is not this app's (``HostRule``), before anything else runs.
public struct HostMiddleware: RouterMiddleware {
    public typealias Context = WebRequestContext
    let rule: HostRule

    public init(rule: HostRule) {
        self.rule = rule
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // HTTP/1.1's Host header arrives as the request's authority.
        let authority = request.head.authority ?? request.headers[.host]
        guard rule.allows(authority) else {
            throw WebResponse.refusal(
                .forbidden,
                "This address (Host: \(authority ?? "none")) is not one the web app answers; open the URL "
                    + "toolkit web printed, or add the name to the config's web.hosts.")
        }
        return try await next(request, context)
    }
}
