public import JSONRPC
import Logging
import NIOConcurrencyHelpers
import ToolkitAPI

extension PluginHost {
    /// What a chain of hooks decided.
    public enum HookOutcome: Sendable {
        /// Go on with these params (changed or not).
        case `continue`(JSONValue)
        /// `plugin` refused, or failed closed, with `message`; `reason` is `rejected` or `failed`.
        case reject(plugin: String, message: String, reason: String)
    }

    /// Asks every plugin that answers `hook`, in load order adjusted by `before`/`after`, about `params`;
    /// each sees the params as the one before it left them. A plugin that is not ready, errs or misses
    /// its deadline is treated as its manifest says (fail open or closed). Plugins stopped, failed or
    /// disabled are not asked.
    public func runHook(_ hook: String, params: JSONValue) async -> HookOutcome {
        var current = params
        for (slot, declaration) in hookChain(hook) {
            let plugin = slot.name
            let outcome = await slot.ask(hook, params: current, declaration: declaration)
            switch outcome {
            case .answered(.continue(let changed)):
                current = changed ?? current
            case .answered(.reject(let message)):
                return .reject(plugin: plugin, message: message, reason: "rejected")
            case .failed(let why):
                context.logger.warning(
                    "A hook failed", metadata: ["plugin.name": "\(plugin)", "hook": "\(hook)", "reason": "\(why)"])
                if !declaration.failsOpen {
                    return .reject(
                        plugin: plugin,
                        message: "The plugin \(plugin) could not check this change (\(why)), and it fails closed.",
                        reason: "failed")
                }
            }
        }
        return .continue(current)
    }

    /// Whether any plugin that may run declares `hook` (when none does, the diary need not encode anything).
    public func hasHook(_ hook: String) -> Bool {
        !hookChain(hook).isEmpty
    }

    /// The plugins answering `hook`, in the order they run.
    func hookChain(_ hook: String) -> [(PluginSlot, PluginHookRecord)] {
        let entries = allSlots.compactMap { slot -> (PluginSlot, PluginHookRecord)? in
            let (state, manifest) = slot.state.withLockedValue { ($0.lifecycle.state, $0.manifest) }
            guard [.starting, .handshaking, .ready, .backingOff].contains(state),
                let declaration = manifest?.hooks.first(where: { $0.name == hook })
            else { return nil }
            return (slot, declaration)
        }
        let order = HookOrder.sorted(entries.map { ($0.0.name, $0.1.before, $0.1.after) })
        return order.map { entries[$0] }
    }
}

extension PluginSlot {
    enum HookAnswer: Sendable {
        case answered(Decision)
        case failed(String)

        enum Decision: Sendable {
            case `continue`(JSONValue?)
            case reject(String)
        }
    }

    /// Calls `hook` on this plugin with its deadline.
    func ask(_ hook: String, params: JSONValue, declaration: PluginHookRecord) async -> HookAnswer {
        guard let process = state.withLockedValue({ $0.lifecycle.state == .ready ? $0.process : nil }) else {
            return .failed("it is \(state.withLockedValue { $0.lifecycle.state.name })")
        }
        guard host.calls.begin() else { return .failed("the core is shutting down") }
        defer { host.calls.end() }
        let client = process.client
        let answer: RawJSON
        do {
            answer = try await withDeadline(declaration.deadline) {
                try await client.call(hook, params: RawJSON(params))
            }
        } catch is DeadlinePassed {
            return .failed("no answer within \(declaration.deadline)")
        } catch let error as RPCError {
            return .failed("it answered with an error: \(error.message)")
        } catch {
            return .failed("\(error)")
        }
        guard let reply = try? answer.decode(HookReply<JSONValue>.self) else {
            return .failed("its answer is not {\"result\": \"continue\"|\"reject\"}")
        }
        switch reply.result {
        case .continue:
            if let changed = reply.params {
                guard case .object = changed else { return .failed("its changed params are not an object") }
                return .answered(.continue(changed))
            }
            return .answered(.continue(nil))
        case .reject:
            if let message = reply.message, !message.isEmpty { return .answered(.reject(message)) }
            return .answered(.reject("The plugin \(name) rejected this change (\(hook))."))
        }
    }
}
