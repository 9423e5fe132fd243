import HTTPTypes
import Hummingbird
import JSONRPC
import ToolkitAPI

/// `GET /api/events`: the core's events as Server-Sent Events, each `id:` its `seq`, `event:` its topic and
/// `data:` the event's JSON (`{seq, topic, time, data}`), with a comment line every ``keepAlive`` so idle
/// proxies keep the stream. A `Last-Event-ID` (which a browser's `EventSource` sends when it reconnects) first
/// replays the events after it that the core still holds. Each stream has its own connection to the core,
/// subscribed to every topic; it ends when the core stops, and the browser then reconnects.
struct EventsRoute: Sendable {
    let socketPath: String
    let keepAlive: Duration

    func stream(_ request: Request, context: WebRequestContext) async throws -> Response {
        let since = request.headers[.lastEventID].flatMap { UInt64($0.filter { !$0.isWhitespace }) }
        let client: RPCClient
        let subscription: EventsSubscribe.Result
        do {
            client = try await RPCClient.connect(to: socketPath)
        } catch let error as RPCClientError {
            return WebResponse.json(status: .serviceUnavailable, message: RPCRoute.notRunning(error.message))
        }
        do {
            subscription = try await client.call(EventsSubscribe.self, .init(topics: ["*"], since: since))
        } catch {
            await client.close()
            return WebResponse.json(status: .serviceUnavailable, message: RPCRoute.notRunning("\(error)"))
        }
        let keepAlive = keepAlive
        let body = ResponseBody { writer in
            do {
                try await Self.relay(client: client, opening: subscription, keepAlive: keepAlive, to: &writer)
            } catch {
                await client.close()
                throw error
            }
            await client.close()
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: body)
    }

    /// Writes each event the core sends, and a comment every `keepAlive`, until the core closes the connection
    /// or the browser goes (the write then throws).
    private static func relay(
        client: RPCClient, opening subscription: EventsSubscribe.Result, keepAlive: Duration,
        to writer: inout any ResponseBodyWriter
    ) async throws {
        let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
        // The first bytes go out at once, so the browser knows it is connected.
        var opening = ": subscribed at seq \(subscription.seq)\n"
        if subscription.missed { opening += ": some events after Last-Event-ID are gone; reload what you show\n" }
        continuation.yield(ByteBuffer(string: opening + "\n"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await notification in client.notifications
                where notification.method == EventNotification<JSONValue>.method {
                    if let chunk = ServerSentEvent(notification) { continuation.yield(chunk.bytes) }
                }
                continuation.finish()
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: keepAlive)
                    continuation.yield(ByteBuffer(string: ": keep-alive\n\n"))
                }
            }
            defer { group.cancelAll() }
            for await chunk in chunks { try await writer.write(chunk) }
        }
    }
}

/// One event in the Server-Sent Events format.
struct ServerSentEvent {
    let bytes: ByteBuffer

    /// The event an `event` notification carries; nil when it has no seq or topic.
    init?(_ notification: RPCRequest) {
        guard let params = notification.params, let value = try? params.decode(JSONValue.self),
            case .int(let seq)? = value["seq"], case .string(let topic)? = value["topic"],
            !topic.contains(where: \.isNewline)
        else { return nil }
        var text = "id: \(seq)\nevent: \(topic)\n"
        // A newline inside the JSON (only ever whitespace there) would end the field: each line is a data line.
        for line in params.text.split(whereSeparator: \.isNewline) { text += "data: \(line)\n" }
        bytes = ByteBuffer(string: text + "\n")
    }
}
