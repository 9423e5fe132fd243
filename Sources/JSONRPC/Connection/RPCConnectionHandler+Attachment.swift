import NIOCore

extension RPCConnectionHandler {
    /// What a handler works through once it is in a pipeline, made in one piece when it is added and never
    /// changed after: before that there is no channel to speak on, so no part of it exists without the others.
    /// Only touched on the channel's event loop.
    struct Attachment {
        /// The handler's context in its pipeline: where it writes, flushes, reads and closes.
        let context: ChannelHandlerContext
        /// Runs the tasks of methods that prefer the event loop (``DispatchPath/Executor/eventLoop``).
        let loopExecutor: EventLoopTaskExecutor
        /// The handler's thread-safe face, which requests, responders and callers hold.
        let connection: ChannelRPCConnection
    }
}
