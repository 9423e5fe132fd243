import HTTPTypes
import Hummingbird

/// The pages and their files, from the binary: nothing is read from disk or fetched from elsewhere. They need
/// no session (they hold no diary data); what they show comes from `/api`.
struct PageRoutes: Sendable {
    func index(_ request: Request, context: WebRequestContext) -> Response {
        Self.file(IndexPage.html, type: "text/html; charset=utf-8")
    }

    func script(_ request: Request, context: WebRequestContext) -> Response {
        Self.file(AppScript.javaScript, type: "text/javascript; charset=utf-8")
    }

    func style(_ request: Request, context: WebRequestContext) -> Response {
        Self.file(AppStyle.css, type: "text/css; charset=utf-8")
    }

    private static func file(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
