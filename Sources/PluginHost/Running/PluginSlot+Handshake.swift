import JSONRPC
import Logging
import NIOConcurrencyHelpers
import ToolkitAPI

extension PluginSlot {
    /// `getmanifest`, then `init`, each with its deadline.
    func handshake() async -> PluginLifecycle.Action {
        guard let process = state.withLockedValue({ $0.process }) else { return .none }
        let timeout = host.configuration.handshakeTimeout
        let client = process.client
        let manifest: PluginManifestRecord
        do {
            let answer = try await withDeadline(timeout) {
                try await client.call(GetManifest.name, params: RawJSON(encoding: GetManifest.Params()))
            }
            manifest = try answer.decode(GetManifest.Result.self)
        } catch let error as PluginManifestError {
            return state.withLockedValue {
                $0.lifecycle.refused(PluginHostError(.badManifest, error.description).message)
            }
        } catch {
            return crashed(because: GetManifest.name, error, timeout: timeout)
        }
        state.withLockedValue { $0.manifest = manifest }
        let options: JSONValue
        do {
            options = try PluginOptionRecord.resolve(
                manifest.options, configured: host.configuration.options[manifest.name] ?? [:], plugin: manifest.name)
        } catch {
            return state.withLockedValue { $0.lifecycle.refused("\(error)") }
        }
        let initParams = Initialize.Params(
            name: manifest.name, socket: host.configuration.socketPath, dataDir: host.configuration.dataDirectory,
            options: options)
        do {
            let answer = try await withDeadline(timeout) {
                try await client.call(Initialize.name, params: RawJSON(initParams.json))
            }
            if let reason = try answer.decode(Initialize.Result.self).disable {
                logger.notice("Plugin disabled itself", metadata: ["reason": "\(reason)"])
                return state.withLockedValue { $0.lifecycle.disabled(reason) }
            }
        } catch {
            return crashed(because: Initialize.name, error, timeout: timeout)
        }
        return state.withLockedValue { $0.lifecycle.handshakeSucceeded() }
    }

    private func crashed(because step: String, _ error: any Error, timeout: Duration) -> PluginLifecycle.Action {
        let reason: String
        switch error {
        case is DeadlinePassed: reason = "it did not answer \(step) within \(timeout)"
        case let error as RPCError: reason = "it answered \(step) with an error: \(error.message)"
        case let error as RPCClientError: reason = "it ended during \(step) (\(error.message))"
        default: reason = "its \(step) answer is not valid: \(error)"
        }
        let now = host.now
        return state.withLockedValue { $0.lifecycle.crashed(reason, at: now) }
    }

    /// Registers the plugin's methods (all or none) and subscriptions.
    func serve() -> PluginLifecycle.Action {
        guard let (manifest, process) = state.withLockedValue({ state in state.manifest.map { ($0, state.process) } }),
            let process
        else { return .none }
        if let holder = host.claim(name: manifest.name, slot: self) {
            return state.withLockedValue {
                $0.lifecycle.refused("another plugin named '\(manifest.name)' is loaded already, from \(holder)")
            }
        }
        do {
            for method in manifest.methods {
                try host.registry.register(registeredMethod(method, plugin: manifest.name))
            }
        } catch let error as RPCError {
            host.registry.unregisterAll(providedBy: manifest.name)
            return state.withLockedValue { $0.lifecycle.refused(error.message) }
        } catch {
            host.registry.unregisterAll(providedBy: manifest.name)
            return state.withLockedValue { $0.lifecycle.refused("\(error)") }
        }
        if !manifest.subscriptions.isEmpty {
            host.subscribe(manifest.subscriptions, process.connection)
        }
        logger.info(
            "Plugin ready",
            metadata: ["plugin.version": "\(manifest.version)", "plugin.methods": "\(manifest.methods.count)"])
        host.publish(PluginStarted.self, name: manifest.name, reason: nil)
        return .none
    }
}
