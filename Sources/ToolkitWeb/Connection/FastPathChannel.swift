import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel with ``MediaFastPath`` put in its pipeline, after the connection state
/// handler and before the router's async channel. Everything else is ``HTTP1Channel``'s.
struct FastPathChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let rules: MediaFastPath.Rules

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let state = try operations.handler(type: HTTPConnectionStateHandler.self)
            try operations.addHandler(MediaFastPath(rules: rules), position: .after(state))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with `configuration`, `/media` answered by ``MediaFastPath`` when it can.
    static func http1(configuration: HTTP1Channel.Configuration, fastPath rules: MediaFastPath.Rules) -> Self {
        .init { responder in
            FastPathChannel(base: HTTP1Channel(responder: responder, configuration: configuration), rules: rules)
        }
    }
}
