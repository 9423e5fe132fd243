public import JSONRPC
public import NIOCore
public import NIOPosix
import ToolkitAPI

extension RPCLink {
    /// The bridge's and the web app's link to the running core on `socketPath`, its connection on `eventLoop`:
    /// each connection subscribes to the `plugin.*` events, and `onMethodsChanged` runs when a plugin starts,
    /// stops or fails (its methods come or go) and on a connection made again (the core may have restarted with
    /// other plugins).
    public static func toCore(
        socketPath: String, eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next(),
        onMethodsChanged: @escaping @Sendable () async -> Void
    ) -> RPCLink {
        RPCLink(
            socketPath: socketPath, group: eventLoop,
            onConnect: { client, again in
                _ = try? await client.call(
                    EventsSubscribe.name, params: RawJSON(encoding: EventsSubscribe.Params(topics: ["plugin.*"])))
                if again { await onMethodsChanged() }
            },
            onNotification: { notification in
                guard notification.method == EventNotification<JSONValue>.method,
                    let params = try? notification.params?.decode(JSONValue.self),
                    case .string(let topic)? = params["topic"], topic.hasPrefix("plugin.")
                else { return }
                await onMethodsChanged()
            })
    }
}
