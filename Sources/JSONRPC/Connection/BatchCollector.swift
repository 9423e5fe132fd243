import NIOCore

/// Gathers the responses of one batch so they go out together, as one JSON array, once all are in.
final class BatchCollector {
    private var remaining: Int
    private var responses: [RPCResponse] = []

    /// - Parameter expected: how many members of the batch get a response (all but its notifications).
    init(expected: Int) {
        self.remaining = expected
        responses.reserveCapacity(expected)
    }

    /// Adds one response; returns the batch's JSON array once the last one is in.
    func add(_ response: RPCResponse) -> ByteBuffer? {
        responses.append(response)
        remaining -= 1
        guard remaining == 0 else { return nil }
        var buffer = ByteBuffer()
        buffer.writeStaticString("[")
        for (index, response) in responses.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            response.write(into: &buffer)
        }
        buffer.writeStaticString("]")
        return buffer
    }
}
