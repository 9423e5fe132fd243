import HTTPTypes
public import Hummingbird
import JSONRPC

/// Responses the web app makes itself: JSON bodies with a message a person can act on.
public enum WebResponse {
    /// `{"error": {"message": …}}` (the shape Hummingbird's own errors have) with `status`.
    public static func json(status: HTTPResponse.Status, message: String, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = JSONValue.object([("error", .object([("message", .string(message))]))]).text
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// A refusal as an error the router turns into ``json(status:message:headers:)``.
    public static func refusal(_ status: HTTPResponse.Status, _ message: String) -> HTTPError {
        HTTPError(status, message: message)
    }
}
