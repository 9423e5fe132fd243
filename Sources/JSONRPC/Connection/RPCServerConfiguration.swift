/// Limits that keep one connection from growing the server's memory or starving other clients.
public struct RPCServerConfiguration: Sendable, Hashable {
    /// The longest message accepted, in bytes (-32600 with `data.limit` beyond it).
    public var maximumMessageBytes: Int
    /// Responses and notifications queued for a client before the server stops reading its requests and
    /// drops its event subscriptions.
    public var maximumOutgoingBytes: Int
    /// Requests one connection may have running at once before the server stops reading more.
    public var maximumConcurrentRequests: Int

    public init(
        maximumMessageBytes: Int = RPCFrameDecoder.defaultMaximumFrameLength,
        maximumOutgoingBytes: Int = 4 * 1024 * 1024,
        maximumConcurrentRequests: Int = 256
    ) {
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumOutgoingBytes = maximumOutgoingBytes
        self.maximumConcurrentRequests = maximumConcurrentRequests
    }
}
