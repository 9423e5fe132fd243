import JSONRPC
import Logging
import Synchronization
import Logging

extension PluginSlot {
    /// `getmanifest`, then `init`, each with its deadline.
    func handshake() async -> PluginLifecycle.Action {
        guard let process = state.withLock({ $0.process }) else { return .none }
        let timeout = host.configuration.handshakeTimeout
        let client = process.client
        let manifest: PluginManifest
        do {
            let answer = try await withDeadline(timeout) {
                try await client.call("getmanifest", params: RawJSON(["protocol": 1]))
            }
            manifest = try PluginManifest(json: try answer.decode(JSONValue.self))
        } catch let error as PluginHostError {
            return state.withLock { $0.lifecycle.refused(error.message) }
        } catch {
            return crashed(because: "getmanifest", error, timeout: timeout)
        }
        state.withLock { $0.manifest = manifest }
        let options: JSONValue
        do {
            options = try PluginOption.resolve(
                manifest.options, configured: host.configuration.options[manifest.name] ?? [:], plugin: manifest.name)
        } catch {
            return state.withLock { $0.lifecycle.refused("\(error)") }
        }
        let initParams: JSONValue = [
            "protocol": 1, "name": .string(manifest.name), "socket": .string(host.configuration.socketPath),
            "dataDir": .string(host.configuration.dataDirectory), "options": options,
        ]
        do {
            let answer = try await withDeadline(timeout) { try await client.call("init", params: RawJSON(initParams)) }
            if answer.isObject, let disable = try answer.decode(JSONValue.self)["disable"], disable != .null {
                let reason: String
                if case .string(let text) = disable { reason = text } else { reason = disable.text }
                logger.notice("Plugin disabled itself", metadata: ["reason": "\(reason)"])
                return state.withLock { $0.lifecycle.disabled(reason) }
            }
        } catch {
            return crashed(because: "init", error, timeout: timeout)
        }
        return state.withLock { $0.lifecycle.handshakeSucceeded() }
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
        return state.withLock { $0.lifecycle.crashed(reason, at: now) }
    }

    /// Registers the plugin's methods (all or none) and subscriptions.
    func serve() -> PluginLifecycle.Action {
        guard let (manifest, process) = state.withLock({ state in state.manifest.map { ($0, state.process) } }),
            let process
        else { return .none }
        if let holder = host.claim(name: manifest.name, slot: self) {
            return state.withLock {
                $0.lifecycle.refused("another plugin named '\(manifest.name)' is loaded already, from \(holder)")
            }
        }
        do {
            for method in manifest.methods {
                try host.registry.register(registeredMethod(method, plugin: manifest.name))
            }
        } catch let error as RPCError {
            host.registry.unregisterAll(providedBy: manifest.name)
            return state.withLock { $0.lifecycle.refused(error.message) }
        } catch {
            host.registry.unregisterAll(providedBy: manifest.name)
            return state.withLock { $0.lifecycle.refused("\(error)") }
        }
        if !manifest.subscriptions.isEmpty {
            host.subscribe(manifest.subscriptions, process.connection)
        }
        logger.info(
            "Plugin ready",
            metadata: ["plugin.version": "\(manifest.version)", "plugin.methods": "\(manifest.methods.count)"])
        host.publish("plugin.started", name: manifest.name, reason: nil)
        return .none
    }
}
