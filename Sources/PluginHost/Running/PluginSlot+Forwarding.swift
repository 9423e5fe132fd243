import JSONRPC
import Synchronization

extension PluginSlot {
    /// The registry's entry for a plugin method: checks params against the declared schema and forwards.
    func registeredMethod(_ method: PluginManifest.Method, plugin: String) -> RegisteredMethod {
        let validator = method.params.map(SchemaValidator.init(schema:))
        let timeout = method.timeout ?? host.configuration.callTimeout
        let schema: JSONSchema = method.params.map { .raw($0) } ?? .any
        return RegisteredMethod(
            name: method.name, summary: method.description, paramsSchema: schema, provider: plugin,
            body: .task { [weak self] raw, context in
                guard let self else { throw PluginHost.unavailable(plugin, "it was unloaded") }
                if let validator {
                    let params: JSONValue?
                    do {
                        params = try raw?.decode(JSONValue.self)
                    } catch {
                        throw RPCError.invalidParams("params are not valid JSON.")
                    }
                    try validator.validateParams(params.map(Self.withoutProgressFlag))
                }
                return try await self.forward(method.name, raw, context: context, timeout)
            })
    }

    /// `"progress": true`, which any call may carry (DESIGN, Protocol), is not checked against the schema.
    private static func withoutProgressFlag(_ params: JSONValue) -> JSONValue {
        guard case .object(let members) = params else { return params }
        return .object(
            members.filter { member in
                guard member.0 == "progress", case .bool = member.1 else { return true }
                return false
            })
    }

    /// Sends a client's call to the plugin under a new id, and its answer back unchanged; the plugin's
    /// progress for it reaches the client when the client asked for progress.
    /// - Throws: the plugin's own error unchanged; -32004 when the plugin is not ready, does not read, ends
    ///   before it answers, or misses `timeout`; `CancellationError` when the client cancelled.
    private func forward(
        _ method: String, _ params: RawJSON?, context: RPCContext, _ timeout: Duration
    ) async throws -> RawJSON {
        let (process, generation, plugin) = state.withLock { state in
            (state.lifecycle.state == .ready ? state.process : nil, state.generation, state.manifest?.name ?? "")
        }
        guard let process else {
            throw PluginHost.unavailable(plugin, "it is \(state.withLock { $0.lifecycle.state.name })")
        }
        if context.requestID == nil {
            process.client.notify(method, params: params)
            return .null
        }
        let started = ContinuousClock.now
        let client = process.client
        do {
            let result = try await progress.routing(context) { issued in
                try await withDeadline(timeout) { try await client.call(method, params: params, issued: issued) }
            }
            record(since: started, failed: false, timedOut: false)
            return result
        } catch let error as RPCError {
            record(since: started, failed: true, timedOut: false)
            throw error
        } catch is DeadlinePassed {
            let hung = record(since: started, failed: true, timedOut: true)
            if hung { fault(generation, "it left \(PluginHost.timeoutsMeaningHung) calls in a row unanswered") }
            throw PluginHost.unavailable(plugin, "it did not answer \(method) within \(timeout)")
        } catch let error as RPCClientError {
            record(since: started, failed: true, timedOut: false)
            if case .outputFull = error {
                throw PluginHost.unavailable(plugin, "it is not reading its input")
            }
            throw PluginHost.unavailable(plugin, "it stopped before answering")
        }
    }

    /// Counts a call; returns whether the plugin now counts as hung.
    @discardableResult
    private func record(since started: ContinuousClock.Instant, failed: Bool, timedOut: Bool) -> Bool {
        let duration = ContinuousClock.now - started
        return state.withLock { state in
            state.statistics.record(duration, failed: failed)
            state.consecutiveTimeouts = timedOut ? state.consecutiveTimeouts + 1 : 0
            return state.consecutiveTimeouts >= PluginHost.timeoutsMeaningHung
        }
    }
}
