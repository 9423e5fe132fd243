extension RPCConnectionHandler {
    /// Handles one frame: answers what is not a message, dispatches requests, routes responses. `members` is
    /// where a value's top-level members lie, as the decoder recorded them.
    func process(_ frame: RPCFrame, members: TopLevelMembers) {
        switch frame {
        case .invalidJSON(let reason):
            refuse(.parseError(reason))
        case .tooLarge(let limit):
            refuse(.tooLarge(limit: limit))
        case .value(let buffer):
            switch RPCMessage.parse(buffer, members: members, expectedMethod: lastMethod?.name) {
            case .emptyBatch:
                refuse(.invalidRequest("a batch must not be empty"))
            case .single(let message):
                handle(message, batch: nil)
            case .batch(let members):
                let expected = members.count(where: Self.expectsResponse)
                let batch = expected > 0 ? BatchCollector(expected: expected) : nil
                for member in members { handle(member, batch: batch) }
            }
        }
    }

    /// Answers a frame that is not a message.
    private func refuse(_ error: RPCError) {
        onMalformedInput?(error)
        write(RPCResponse(id: .null, error: error))
    }

    private static func expectsResponse(_ member: Result<RPCMessage, RPCMessage.Invalid>) -> Bool {
        switch member {
        case .failure: true
        case .success(.request(let request)): request.id != nil
        case .success(.response): false
        }
    }

    /// `message` is moved in, and its request out of it, not copied.
    private func handle(_ message: consuming Result<RPCMessage, RPCMessage.Invalid>, batch: BatchCollector?) {
        let request: RPCRequest
        switch consume message {
        case .failure(let invalid):
            onMalformedInput?(invalid.error)
            deliver(RPCResponse(id: invalid.id, error: invalid.error), batch: batch)
            return
        case .success(.response(let response)):
            resolveCall(with: response)
            return
        case .success(.request(let parsed)):
            request = parsed
        }
        switch DispatchPath(body: body(named: request.method), id: request.id) {
        case .methodNotFound(let id):
            deliver(RPCResponse(id: id, error: registry.missingMethodError(request.method)), batch: batch)
        case .unhandledNotification:
            unhandledNotifications?.yield(request)
        case .immediate(let body):
            let requestContext = requestContext(for: request)
            let outcome: Result<RawJSON, RPCError>
            do {
                outcome = .success(try body(request.params, requestContext))
            } catch {
                outcome = .failure(RPCError.from(error, logger: requestContext.logger))
            }
            if let id = request.id { deliver(RPCResponse(id: id, outcome: outcome), batch: batch) }
        case .task(let body, let executor):
            run(
                body, on: executor == .eventLoop ? loopExecutor : nil, request: request,
                context: requestContext(for: request), batch: batch)
        case .deferred(let body):
            let serial = inFlight.add(id: request.id, batch: batch)
            body(request.params, requestContext(for: request), RPCResponder(connection: connection, serial: serial))
        }
    }

    /// What the handler of `request` is told about it.
    private func requestContext(for request: RPCRequest) -> RPCContext {
        RPCContext(
            requestID: request.id, method: request.method, connection: connection, rawParams: request.params,
            logger: logger)
    }

    /// Runs a request in a task of its own, on `executor` when given, answering when it ends.
    private func run(
        _ body: @escaping @Sendable (RawJSON?, RPCContext) async throws -> RawJSON, on executor: (any TaskExecutor)?,
        request: RPCRequest, context requestContext: RPCContext, batch: BatchCollector?
    ) {
        let serial = inFlight.add(id: request.id, batch: batch)
        let connection = self.connection
        let params = request.params
        let task = Task(executorPreference: executor) {
            let outcome: Result<RawJSON, RPCError>
            do {
                outcome = .success(try await body(params, requestContext))
            } catch {
                outcome = .failure(RPCError.from(error, logger: requestContext.logger))
            }
            connection.complete(serial: serial, outcome: outcome)
        }
        inFlight.attach(task, to: serial)
    }

    private func body(named name: String) -> RegisteredMethod.Body? {
        let version = registry.version
        if let lastMethod, lastMethod.version == version, lastMethod.name == name { return lastMethod.body }
        guard let body = registry.body(named: name) else { return nil }
        lastMethod = (name, body, version)
        return body
    }

    /// Sets what cancels the deferred request `serial` (see ``RPCResponder/onCancel(_:)``).
    func attach(onCancel action: @escaping @Sendable () -> Void, to serial: UInt64) {
        inFlight.attach(onCancel: action, to: serial)
    }

    /// A task finished: answer it unless it was cancelled and answered already.
    func complete(serial: UInt64, outcome: Result<RawJSON, RPCError>) {
        guard let entry = inFlight.finish(serial: serial) else { return }
        if let id = entry.id { deliver(RPCResponse(id: id, outcome: outcome), batch: entry.batch) }
        requestFinished()
    }

    /// Cancels the running request with `id` and answers it with -32005; returns whether there was one.
    func cancel(_ id: RPCID) -> Bool {
        guard let entry = inFlight.cancel(id: id) else { return false }
        entry.cancel()
        deliver(RPCResponse(id: id, error: .cancelled), batch: entry.batch)
        requestFinished()
        return true
    }

    private func requestFinished() {
        resume(state.requestFinished(inFlight: inFlight.count))
        closeIfIdle()
    }

    private func deliver(_ response: RPCResponse, batch: BatchCollector?) {
        if let batch {
            if let array = batch.add(response) { write(line: array) }
        } else {
            write(response)
        }
    }
}
