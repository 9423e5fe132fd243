import JSONRPC
import Logging
import ToolkitAPI

extension PluginSlot {
    /// A notification from the plugin: progress, an event to publish, or too many of them.
    func received(_ notification: RPCRequest, generation: Int) {
        let now = host.now
        guard judge({ $0.lifecycle.notificationReceived(at: now, generation: generation) }) == .none else { return }
        switch notification.method {
        case EventsPublish<JSONValue>.method:
            guard let params = try? notification.params?.decode(JSONValue.self),
                case .string(let topic) = params["topic"]
            else {
                logger.warning("events.publish without a topic is dropped")
                return
            }
            guard EventCatalogue.mayPublish(topic) else {
                logger.warning("A plugin may not publish this topic; dropped", metadata: ["topic": "\(topic)"])
                return
            }
            host.publishEvent(topic, params["data"] ?? .null)
        case "progress":
            progress.relay(notification.params)
        default:
            logger.debug("Ignoring a notification", metadata: ["rpc.method": "\(notification.method)"])
        }
    }
}
