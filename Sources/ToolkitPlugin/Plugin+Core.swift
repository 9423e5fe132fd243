public import JSONRPC
import NIOConcurrencyHelpers
import ToolkitAPI

extension Plugin {
    /// The connection to the core's socket from `init`, for calls back through ToolkitAPI's descriptions:
    /// `try await plugin.core().call(DiaryList.self, .init(from: day, to: day))`. Made on first use and
    /// again after it closes; closed when the plugin stops.
    /// - Throws: ``PluginError`` `.notInitialized` before `init` or when the core gave no socket;
    ///   ``JSONRPC/RPCClientError`` `.cannotConnect` when nothing answers there.
    public func core() async throws -> RPCClient {
        let link = try state.withLockedValue { state in
            if let link = state.coreLink { return link }
            guard let socket = state.configuration?.socketPath else {
                throw PluginError(.notInitialized, "The core has not given a socket yet: it comes in init.")
            }
            let link = RPCLink(socketPath: socket)
            state.coreLink = link
            return link
        }
        return try await link.client()
    }

    /// Publishes an event of the plugin's own with the `events.publish` notification: the core gives it the
    /// next `seq` and sends it to every subscriber.
    /// - Parameters:
    ///   - topic: `noun.verb`, with a noun that is not one of the core's (`memories.found`, say).
    ///   - data: the event's data.
    /// - Throws: ``PluginError`` `.invalidTopic` for a topic the core would drop, `.notRunning` when the
    ///   plugin is not serving; `EncodingError` when `data` does not encode.
    public func publish<Data: Encodable & Sendable>(_ topic: String, data: Data) throws {
        try EventSubscription.validatePublished(topic)
        guard let connection = state.withLockedValue({ $0.connection }) else {
            throw PluginError(.notRunning, "The plugin is not serving, so it cannot publish \(topic).")
        }
        let params = try RawJSON(encoding: EventsPublish(topic: topic, data: data))
        connection.send(notification: RPCRequest(method: EventsPublish<Data>.method, id: nil, params: params))
    }
}
