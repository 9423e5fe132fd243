import HTTPTypes
import Hummingbird
import JSONRPC

/// `POST /api/session {"token"}`: trades the token (from the URL's fragment, which browsers never send) for a
/// session cookie: HttpOnly, SameSite=Strict, Path=/, and Secure under TLS. 204 with the cookie; 400 for a body
/// that is not `{"token": "…"}`; 401 for a wrong token; 429 past the failed-tries limit.
struct SessionRoute: Sendable {
    let access: WebAccess
    /// Under TLS the cookie is `Secure`: a browser never sends it over plain HTTP.
    let secure: Bool

    func open(_ request: Request, context: WebRequestContext) async throws -> Response {
        let body = try await request.body.collect(upTo: 4096)
        guard let value = try? RawJSON(buffer: body).decode(JSONValue.self), case .string(let token)? = value["token"]
        else {
            throw WebResponse.refusal(.badRequest, #"The body must be {"token": "…"} with the token from the URL."#)
        }
        switch access.check(token, from: context.remoteAddress) {
        case .accepted:
            var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
            response.setCookie(
                Cookie(
                    name: WebAccess.cookieName, value: access.sessions.open(), path: "/", secure: secure,
                    httpOnly: true, sameSite: .strict))
            return response
        case .wrong:
            throw WebResponse.refusal(.unauthorized, "That token is not this web app's token.")
        case .tooManyTries:
            throw AuthenticationMiddleware.tooManyTries
        }
    }
}
