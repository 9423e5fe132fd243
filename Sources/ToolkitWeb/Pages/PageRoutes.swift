import HTTPTypes
import Hummingbird

/// The pages and their files, from the binary (``PageFile``). They need no session (they hold no diary data);
/// what they show comes from `/api` and `/media`.
struct PageRoutes: Sendable {
    /// `GET /`: the shell.
    func index(_ request: Request, context: WebRequestContext) -> Response {
        Self.response(PageFile.index)
    }

    /// `GET /app/NAME`: a stylesheet or module; 404 for a name that is not one of them.
    func file(_ request: Request, context: WebRequestContext) throws -> Response {
        guard let name = context.parameters.get("file"), let file = PageFile.files[name] else {
            throw WebResponse.refusal(.notFound, "There is nothing at this address.")
        }
        return Self.response(file)
    }

    private static func response(_ file: PageFile) -> Response {
        Response(
            status: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
