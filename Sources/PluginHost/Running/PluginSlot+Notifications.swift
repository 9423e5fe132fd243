import JSONRPC
import Logging
import NIOConcurrencyHelpers
import ToolkitAPI

extension PluginSlot {
    /// A notification from the plugin: progress, an event to publish, its status, or too many of them.
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
        case PluginStatusReport.method:
            guard let report = try? notification.params?.decode(PluginStatusReport.self) else {
                logger.warning("plugin.status whose warning is not a string or null is dropped")
                return
            }
            let warning = report.keptWarning
            let changed = state.withLockedValue { state in
                guard state.lifecycle.generation == generation, state.warning != warning else { return false }
                state.warning = warning
                return true
            }
            if changed, let warning {
                logger.warning("Plugin reports a warning", metadata: ["plugin.warning": "\(warning)"])
            } else if changed {
                logger.notice("Plugin's warning cleared")
            }
        case ProgressNotification.method:
            progress.relay(notification.params)
        default:
            logger.debug("Ignoring a notification", metadata: ["rpc.method": "\(notification.method)"])
        }
    }
}
