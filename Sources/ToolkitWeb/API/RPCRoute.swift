import HTTPTypes
import Hummingbird

/// `POST /api/rpc`: a JSON-RPC request or batch in the body, answered as the core's socket answers it:
/// 200 with the JSON for any JSON-RPC answer (errors included), 204 when it held only notifications, 413
/// over the size limit, 503 while the diary is not running (the next request connects again).
struct RPCRoute: Sendable {
    let forwarder: RPCForwarder

    func call(_ request: Request, context: WebRequestContext) async throws -> Response {
        let body = try await request.body.collect(upTo: forwarder.maximumBytes)
        do {
            switch try await forwarder.answer(body) {
            case .json(let answer):
                return Response(
                    status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                    body: .init(byteBuffer: answer))
            case .nothing:
                return Response(status: .noContent)
            }
        } catch let error as RPCForwarder.CoreUnavailable {
            return WebResponse.json(status: .serviceUnavailable, message: Self.notRunning(error.reason))
        }
    }

    /// The message while no core answers.
    static func notRunning(_ reason: String) -> String {
        "The diary is not running: \(reason) Start it with toolkit serve (or systemctl --user start toolkit)."
    }
}
