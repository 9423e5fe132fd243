import JSONRPC
import NIOConcurrencyHelpers
import Synchronization
import ToolkitAPI

extension PluginSlot {
    /// The registry's entry for a plugin method: checks params against the declared schema and forwards. A
    /// method whose manifest gives no effect counts as a write.
    ///
    /// It runs on the client connection's event loop with no task (a `deferred` body): the call goes to the
    /// plugin's pipe at once, its timeout is scheduled on the pipe's loop, and the answer goes back to the
    /// client from there. A forwarded call so costs the core little more than a built-in method.
    func registeredMethod(_ method: PluginMethodRecord, plugin: String) -> RegisteredMethod {
        let validator = method.params.map(SchemaValidator.init(schema:))
        let timeout = method.timeout ?? host.configuration.callTimeout
        let callTimeout = RPCCallTimeout(timeout)
        let schema: JSONSchema = method.params.map { .raw($0) } ?? .any
        return RegisteredMethod(
            name: method.name, summary: method.description, paramsSchema: schema,
            resultSchema: method.result.map { .raw($0) } ?? .any, provider: plugin, effect: method.effect ?? .write,
            body: .deferred { [weak self] raw, context, responder in
                guard let self else {
                    return responder.answer(.failure(PluginHost.unavailable(plugin, "it was unloaded")))
                }
                do {
                    if let validator { try Self.validate(raw, with: validator) }
                } catch {
                    return responder.answer(.failure(error))
                }
                self.forward(
                    method.name, raw, context: context, timeout: (timeout, callTimeout), responder: responder)
            })
    }

    /// Checks `raw` params against a method's schema. A `progress` member, which any call may carry to ask
    /// for progress (docs/plugins.md), is not checked, whatever its value: it reaches the plugin unchanged.
    /// - Throws: ``RPCError`` -32602 naming the field, with `data.reason`.
    private static func validate(_ raw: RawJSON?, with validator: SchemaValidator) throws {
        let params: JSONValue?
        do {
            params = try raw?.decode(JSONValue.self)
        } catch {
            throw RPCError.invalidParams("params are not valid JSON.")
        }
        try validator.validateParams(params.map(withoutProgressFlag))
    }

    private static func withoutProgressFlag(_ params: JSONValue) -> JSONValue {
        guard case .object(let members) = params else { return params }
        return .object(members.filter { $0.0 != "progress" })
    }

    /// Sends a client's call to the plugin under a new id, and its answer back unchanged through `responder`;
    /// the plugin's progress for it reaches the client when the client asked for progress. The plugin's own
    /// error comes back unchanged; -32004 when the plugin is not ready, does not read, ends before it
    /// answers, or misses `timeout`, and once the core is shutting down (the calls already sent may finish). A
    /// cancelled request (`rpc.cancel`, or the client gone) cancels the call at the plugin.
    /// `timeout` is given twice: as said in messages, and as converted once for the connection's timers.
    private func forward(
        _ method: String, _ params: RawJSON?, context: RPCContext, timeout: (Duration, RPCCallTimeout),
        responder: RPCResponder
    ) {
        let (timeout, callTimeout) = timeout
        let (process, generation, plugin) = state.withLockedValue { state in
            (
                state.lifecycle.state == .ready ? state.process : nil, state.lifecycle.generation,
                state.manifest?.name ?? ""
            )
        }
        guard let process else { return responder.answer(.failure(unavailableError)) }
        if context.requestID == nil {
            process.client.notify(method, params: params)
            return responder.answer(.success(.null))
        }
        let calls = host.calls
        guard calls.begin() else { return responder.answer(.failure(unavailableError)) }
        let started = host.now
        let client = process.client
        guard context.asksForProgress else {
            let callID = client.call(method, params: params, timeout: callTimeout) { [self] result in
                defer { calls.end() }
                responder.answer(
                    outcome(of: result, method: method, timeout: timeout, started: started, plugin, generation))
            }
            return responder.onCancel { client.cancelCall(callID) }
        }
        // The route is in place before the call is sent, and goes when the call ends, however it ends.
        let progress = self.progress
        let routed = RoutedCall()
        let issued: (Int) -> Void = { id in
            routed.id.store(id, ordering: .releasing)
            progress.add(id, context)
        }
        let callID = client.call(method, params: params, timeout: callTimeout, issued: issued) { [self] result in
            defer { calls.end() }
            progress.remove(routed.id.load(ordering: .acquiring))
            responder.answer(
                outcome(of: result, method: method, timeout: timeout, started: started, plugin, generation))
        }
        responder.onCancel { client.cancelCall(callID) }
    }

    /// What the client gets for the plugin's `result`, counted in the plugin's statistics. Three timeouts in
    /// a row count as a hang: the plugin is restarted.
    private func outcome(
        of result: Result<RawJSON, any Error>, method: String, timeout: Duration, started: Duration,
        _ plugin: String, _ generation: Int
    ) -> Result<RawJSON, any Error> {
        switch result {
        case .success:
            record(since: started, failed: false, timedOut: false, generation)
            return result
        case .failure(let error as RPCError):
            record(since: started, failed: true, timedOut: false, generation)
            return .failure(error)
        case .failure(let error as RPCClientError) where error.code == .timedOut:
            record(since: started, failed: true, timedOut: true, generation)
            return .failure(PluginHost.unavailable(plugin, "it did not answer \(method) within \(timeout)"))
        case .failure(let error as RPCClientError) where error.code == .outputFull:
            record(since: started, failed: true, timedOut: false, generation)
            return .failure(PluginHost.unavailable(plugin, "it is not reading its input"))
        case .failure(let error as CancellationError):
            return .failure(error)
        case .failure:
            record(since: started, failed: true, timedOut: false, generation)
            return .failure(PluginHost.unavailable(plugin, "it stopped before answering"))
        }
    }

    /// Counts a call to the process of launch `generation`, which the lifecycle kills when it is the
    /// third in a row to time out.
    private func record(since started: Duration, failed: Bool, timedOut: Bool, _ generation: Int) {
        let duration = host.now - started
        judge { state in
            state.statistics.record(duration, failed: failed)
            return state.lifecycle.callEnded(timedOut: timedOut, generation: generation)
        }
    }
}

/// The id a forwarded call with progress went out under, for its completion to end the route.
private final class RoutedCall: Sendable {
    let id = Atomic<Int>(0)
}
