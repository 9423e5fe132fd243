import JSONRPC
import NIOConcurrencyHelpers
import ToolkitAPI

extension PluginSlot {
    /// Whether the plugin's last manifest declares the method `name`.
    func declares(_ name: String) -> Bool {
        state.withLockedValue { $0.manifest?.methods.contains { $0.name == name } ?? false }
    }

    /// -32004 for a call to one of the plugin's methods while it cannot answer: names the plugin and says why,
    /// with its state (as `plugins.list` shows it) and reason in `data`.
    var unavailableError: RPCError {
        let (plugin, state, reason) = self.state.withLockedValue {
            ($0.manifest?.name ?? fileName, $0.lifecycle.state, $0.lifecycle.reason)
        }
        let why: String
        switch state {
        case _ where host.calls.isDraining: why = "the core is shutting down"
        case .starting, .handshaking: why = "it is starting; try again in a moment"
        case .ready: why = "it is ready but was not serving that method yet; try again"
        case .backingOff: why = "it is backing off after a crash (\(reason ?? "no reason given")) and restarts soon"
        case .failed: why = "it failed (\(reason ?? "no reason given")); plugins.start \(plugin) tries it again"
        case .stopped: why = "it is stopped; plugins.start \(plugin) starts it"
        case .disabled: why = "it disabled itself (\(reason ?? "no reason given"))"
        }
        return PluginHost.unavailable(plugin, why, state: state, reason: reason)
    }
}
