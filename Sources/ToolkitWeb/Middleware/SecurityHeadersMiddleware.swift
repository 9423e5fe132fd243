import HTTPTypes
import Logging
public import Hummingbird

/// Puts DESIGN's security headers on every response, refusals and errors included: the Content Security
/// Policy (no inline script, nothing from elsewhere, no framing), no referrer, and no type sniffing. Errors
/// that are not HTTP errors become a plain 500 here, so they get the headers too.
public struct SecurityHeadersMiddleware: RouterMiddleware {
    public typealias Context = WebRequestContext

    /// DESIGN's policy, word for word.
    public static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; script-src 'self'; "
        + "style-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["web.error": "\(error)"])
            response = WebResponse.json(status: .internalServerError, message: "Something went wrong on the server.")
        }
        for field in Self.headers { response.headers[field.name] = field.value }
        return response
    }

    /// The headers every response carries (``MediaFastPath``'s too).
    static let headers: HTTPFields = [
        .contentSecurityPolicyHeader: contentSecurityPolicy, .referrerPolicyHeader: "no-referrer",
        .contentTypeOptionsHeader: "nosniff", .frameOptionsHeader: "DENY",
    ]
}
