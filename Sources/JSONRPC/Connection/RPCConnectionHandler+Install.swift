public import Logging
public import NIOCore

extension RPCConnectionHandler {
    /// Adds a connection handler to `channel`'s pipeline and returns the connection: the server side of a
    /// socket, a plugin's pipes, or any other channel that carries bytes.
    ///
    /// Call it on the channel's event loop, from the channel's initializer. Give the channel
    /// `.allowRemoteHalfClosure` so a peer that shuts only its write side still gets every answer it is owed.
    /// - Parameters:
    ///   - channel: a channel whose inbound and outbound data are `ByteBuffer`s.
    ///   - registry: the methods the peer can call.
    ///   - unhandledNotifications: receives the notifications no method in `registry` answers.
    ///   - onMalformedInput: told of each message from the peer that is not JSON-RPC.
    /// - Throws: what adding a handler to the pipeline throws (the channel has closed).
    public static func install(
        on channel: any Channel, registry: MethodRegistry, configuration: RPCServerConfiguration = .init(),
        connectionID: Int = 0, credentials: PeerCredentials? = nil, logger: Logger,
        unhandledNotifications: AsyncStream<RPCRequest>.Continuation? = nil,
        onMalformedInput: (@Sendable (RPCError) -> Void)? = nil
    ) throws -> any RPCConnection & RPCConnectionControl {
        try installConnection(
            on: channel, registry: registry, configuration: configuration, connectionID: connectionID,
            credentials: credentials, logger: logger, unhandledNotifications: unhandledNotifications,
            onMalformedInput: onMalformedInput)
    }

    static func installConnection(
        on channel: any Channel, registry: MethodRegistry, configuration: RPCServerConfiguration,
        connectionID: Int, credentials: PeerCredentials?, logger: Logger,
        unhandledNotifications: AsyncStream<RPCRequest>.Continuation?,
        onMalformedInput: (@Sendable (RPCError) -> Void)? = nil
    ) throws -> ChannelRPCConnection {
        let handler = RPCConnectionHandler(
            registry: registry, configuration: configuration, connectionID: connectionID,
            credentials: credentials, logger: logger, unhandledNotifications: unhandledNotifications,
            onMalformedInput: onMalformedInput)
        try channel.pipeline.syncOperations.addHandler(handler)
        return handler.connection
    }
}
