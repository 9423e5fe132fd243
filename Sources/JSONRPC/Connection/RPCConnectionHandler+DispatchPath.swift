extension RPCConnectionHandler {
    /// How the handler runs one request: the path its method's body asks for, or what to do when no method
    /// answers it. A pure function of the body the registry holds (nil when none) and the request's id, so the
    /// choice is tested without a channel; the handler only carries it out.
    enum DispatchPath {
        /// Where a request's task runs.
        enum Executor: Equatable {
            /// Swift's global pool (``RegisteredMethod/Body/task(_:)``).
            case globalPool
            /// The connection's event loop (``RegisteredMethod/Body/taskOnEventLoop(_:)``).
            case eventLoop
        }

        /// A path without its body, to compare.
        enum Kind: Equatable {
            case methodNotFound(id: RPCID)
            case unhandledNotification
            case immediate
            case task(on: Executor)
            case deferred
        }

        /// No method has the request's name: it is answered with -32601.
        case methodNotFound(id: RPCID)
        /// No method has the notification's name: it goes to the unhandled notifications.
        case unhandledNotification
        /// Run inline where the frame was read, with no task and no entry in flight; answered at once unless it
        /// is a notification.
        case immediate(@Sendable (RawJSON?, RPCContext) throws -> RawJSON)
        /// Run in a task of its own on `executor`, recorded in flight; answered when the task ends.
        case task(@Sendable (RawJSON?, RPCContext) async throws -> RawJSON, on: Executor)
        /// Started inline, recorded in flight, with no task; answered later through an ``RPCResponder``.
        case deferred(@Sendable (RawJSON?, RPCContext, RPCResponder) -> Void)

        /// - Parameters:
        ///   - body: how the method named in the request runs; nil when no method has that name.
        ///   - id: the request's id; nil for a notification.
        init(body: RegisteredMethod.Body?, id: RPCID?) {
            guard let body else {
                if let id { self = .methodNotFound(id: id) } else { self = .unhandledNotification }
                return
            }
            switch body {
            case .immediate(let run): self = .immediate(run)
            case .task(let run): self = .task(run, on: .globalPool)
            case .taskOnEventLoop(let run): self = .task(run, on: .eventLoop)
            case .deferred(let start): self = .deferred(start)
            }
        }

        var kind: Kind {
            switch self {
            case .methodNotFound(let id): .methodNotFound(id: id)
            case .unhandledNotification: .unhandledNotification
            case .immediate: .immediate
            case .task(_, let executor): .task(on: executor)
            case .deferred: .deferred
            }
        }
    }
}
