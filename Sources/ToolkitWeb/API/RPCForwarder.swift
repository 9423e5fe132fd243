import JSONRPC
import MCPBridge
import NIOCore

/// Answers a JSON-RPC request or batch as the core's socket does, through the one connection the app keeps to
/// the core (``JSONRPC/RPCLink``, made again after the core restarts).
///
/// Each request goes out under the link's own id and its answer comes back under the client's, so browser
/// tabs and scripts sharing the link never see each other's ids. Results and errors are the core's own bytes
/// and values. Parse errors and invalid requests are read by JSONRPC's own decoder and parser, so they say
/// what the socket says. `events.subscribe`, `events.unsubscribe` and `rpc.cancel` are refused: they act on
/// the connection, which is shared here (`GET /api/events` streams events; closing the HTTP request cancels it).
/// Params that name files on the core's machine are refused (``PathRule``).
struct RPCForwarder: Sendable {
    let link: RPCLink
    let maximumBytes: Int
    let paths = PathRule()

    /// What to send back.
    enum Answer: Sendable {
        /// A response or a batch of them: HTTP 200, `application/json`.
        case json(ByteBuffer)
        /// Only notifications: HTTP 204.
        case nothing
    }

    /// No core answers on the socket, or the connection broke during the call.
    struct CoreUnavailable: Error {
        var reason: String
    }

    static let connectionMethods: Set<String> = ["events.subscribe", "events.unsubscribe", "rpc.cancel"]

    /// Forwards the request or batch in `body`.
    /// - Throws: ``CoreUnavailable`` when the core cannot be reached.
    func answer(_ body: ByteBuffer) async throws -> Answer {
        guard let value = try frame(of: body) else {
            return .json(Self.encode(RPCResponse(id: .null, error: .parseError("the body is empty"))))
        }
        switch value {
        case .invalidJSON(let reason):
            return .json(Self.encode(RPCResponse(id: .null, error: .parseError(reason))))
        case .tooLarge(let limit):
            return .json(Self.encode(RPCResponse(id: .null, error: .tooLarge(limit: limit))))
        case .value(let buffer):
            switch RPCMessage.parse(buffer) {
            case .emptyBatch:
                return .json(Self.encode(RPCResponse(id: .null, error: .invalidRequest("a batch must not be empty"))))
            case .single(let message):
                guard let response = try await answer(message) else { return .nothing }
                return .json(Self.encode(response))
            case .batch(let messages):
                let responses = try await answerAll(messages)
                guard !responses.isEmpty else { return .nothing }
                var output = ByteBuffer(string: "[")
                for (index, response) in responses.enumerated() {
                    if index > 0 { output.writeString(",") }
                    response.write(into: &output)
                }
                output.writeString("]")
                return .json(output)
            }
        }
    }

    /// The one JSON value of the body, as the socket's decoder reads it; nil when there is none.
    private func frame(of body: ByteBuffer) throws -> RPCFrame? {
        var decoder = RPCFrameDecoder(maximumFrameLength: maximumBytes)
        var buffer = body
        var frame = try decoder.decode(buffer: &buffer)
        if frame == nil { frame = try decoder.decodeLast(buffer: &buffer, seenEOF: true) }
        let rest = buffer.readableBytesView.filter { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }
        if case .value? = frame, !rest.isEmpty {
            return .invalidJSON(reason: "the body holds more than one JSON value; send one request or one batch")
        }
        return frame
    }

    /// The members of a batch, called at once, answered in their order.
    private func answerAll(_ messages: [Result<RPCMessage, RPCMessage.Invalid>]) async throws -> [RPCResponse] {
        try await withThrowingTaskGroup(of: (Int, RPCResponse?).self) { group in
            for (index, message) in messages.enumerated() {
                group.addTask { (index, try await answer(message)) }
            }
            var answers = [RPCResponse?](repeating: nil, count: messages.count)
            for try await (index, response) in group { answers[index] = response }
            return answers.compactMap { $0 }
        }
    }

    private func answer(_ message: Result<RPCMessage, RPCMessage.Invalid>) async throws -> RPCResponse? {
        switch message {
        case .failure(let invalid):
            return RPCResponse(id: invalid.id, error: invalid.error)
        case .success(.response):
            // A response to nothing the core asked: the socket ignores it too.
            return nil
        case .success(.request(let request)):
            if Self.connectionMethods.contains(request.method) {
                guard let id = request.id else { return nil }
                return RPCResponse(
                    id: id,
                    error: .invalidRequest(
                        "\(request.method) acts on a connection of its own; over HTTP, GET /api/events streams events "
                            + "and closing a request cancels it"))
            }
            if let refusal = paths.refusal(of: request) {
                guard let id = request.id else { return nil }
                return RPCResponse(id: id, error: refusal)
            }
            do {
                guard let id = request.id else {
                    try await link.notify(request.method, params: request.params)
                    return nil
                }
                do {
                    return RPCResponse(id: id, result: try await link.call(request.method, params: request.params))
                } catch let error as RPCError {
                    return RPCResponse(id: id, error: error)
                }
            } catch let error as RPCClientError {
                throw CoreUnavailable(reason: error.message)
            }
        }
    }

    private static func encode(_ response: RPCResponse) -> ByteBuffer {
        var buffer = ByteBuffer()
        response.write(into: &buffer)
        return buffer
    }
}
