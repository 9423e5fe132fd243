import HTTPTypes
public import Hummingbird
import JSONRPC
import MCPBridge

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

    /// The refusal for the core's answer to a call: its not-found 404, its refusal of the params 400, another
    /// error 502, no core 503.
    static func refusal(for error: any Error) -> HTTPError {
        switch error {
        case let error as RPCError where error.code == .notFound: refusal(.notFound, error.message)
        case let error as RPCError where error.code == .invalidParams: refusal(.badRequest, error.message)
        case let error as RPCError: refusal(.badGateway, error.message)
        case let error as RPCClientError: refusal(.serviceUnavailable, RPCRoute.notRunning(error.message))
        default: refusal(.internalServerError, "The web app could not do that.")
        }
    }

    /// The `data.reason` of the core's error, when it has one.
    static func reason(of error: RPCError) -> String? {
        guard let data = try? error.data?.decode(JSONValue.self), case .string(let reason)? = data["reason"] else {
            return nil
        }
        return reason
    }
}

extension RPCLink {
    /// Calls the core with `params`; its errors become HTTP refusals (``WebResponse/refusal(for:)``).
    func callRefusing(_ method: String, _ params: some Encodable) async throws -> RawJSON {
        do {
            return try await call(method, params: RawJSON(encoding: params))
        } catch {
            throw WebResponse.refusal(for: error)
        }
    }
}
