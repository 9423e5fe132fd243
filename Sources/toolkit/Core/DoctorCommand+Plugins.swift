import Foundation
import JSONRPC
import ToolkitAPI

extension DoctorCommand {
    /// The running core's plugins (`plugins.list`): one `ok` line naming those that are fine, and a `warn`
    /// line for each that is failed or backing off, or that reports a warning of its own (`plugin.status`:
    /// backup-copy's destination that misses archives, say). Nothing when no plugin is loaded.
    func pluginChecks() async -> [Check] {
        let items: [PluginRecord]
        do {
            let client = try await RPCClient.connect(to: global.resolvedSocketPath)
            items = try await withCore(client) { client in
                try await withTimeout(seconds: 5) { try await client.call(PluginsList.self) }.items
            }
        } catch {
            return [Check(name: "plugins", status: "warn", detail: "cannot list the core's plugins: \(error)")]
        }
        var checks: [Check] = []
        var fine: [String] = []
        for plugin in items {
            if ["failed", "backing off"].contains(plugin.state) {
                checks.append(
                    Check(
                        name: "plugin \(plugin.name)", status: "warn",
                        detail: "\(plugin.state): \(plugin.reason ?? "no reason given"); "
                            + "toolkit plugins list -v shows its stderr"))
            } else if let warning = plugin.warning {
                checks.append(Check(name: "plugin \(plugin.name)", status: "warn", detail: warning))
            } else {
                fine.append("\(plugin.name) \(plugin.state)")
            }
        }
        if !fine.isEmpty {
            checks.insert(Check(name: "plugins", status: "ok", detail: fine.joined(separator: ", ")), at: 0)
        }
        return checks
    }
}
