import JSONRPC
import NIOConcurrencyHelpers
import Logging
import ToolkitAPI

extension Plugin {
    /// Serves protocol 1 on this process's stdin and stdout until the core sends `shutdown` or closes
    /// stdin; then the ``whenReady(_:)`` bodies are cancelled, the connection to the core is closed, and it
    /// returns (return from `main` then, and the process exits).
    ///
    /// Nothing else may write to stdout: log with ``logger`` (stderr).
    /// - Throws: ``JSONRPC/RPCClientError`` `.cannotConnect` when stdin or stdout is not a pipe, socket or
    ///   terminal.
    public func run() async throws {
        await serve(try await RPCClient.standardInputOutput(serving: registry, logger: logger))
    }

    /// Serves protocol 1 on `input` and `output` (a test's pipes) as ``run()`` does on stdin and stdout, and
    /// takes ownership of both descriptors.
    /// - Throws: ``JSONRPC/RPCClientError`` `.cannotConnect` when NIO refuses the descriptors.
    public func run(input: CInt, output: CInt) async throws {
        await serve(try await RPCClient.connect(input: input, output: output, serving: registry, logger: logger))
    }

    private func serve(_ client: RPCClient) async {
        let (ready, readyContinuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let bodies = state.withLockedValue { state in
            state.connection = client.rpcConnection
            state.ready = readyContinuation
            return state.readyBodies
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var signals = ready.makeAsyncIterator()
                guard await signals.next() != nil else { return }
                await withDiscardingTaskGroup { tasks in
                    for body in bodies { tasks.addTask { await body(self) } }
                }
            }
            for await notification in client.notifications {
                switch notification.method {
                case EventNotification<JSONValue>.method:
                    await deliver(notification.params)
                case Shutdown.name:
                    logger.debug("Shutting down at the core's request")
                    client.rpcConnection.beginGracefulClose()
                default:
                    logger.debug("Ignored a notification", metadata: ["rpc.method": "\(notification.method)"])
                }
            }
            readyContinuation.finish()
            group.cancelAll()
        }
        state.withLockedValue { state in
            state.connection = nil
            state.ready = nil
        }
        await state.withLockedValue { $0.coreLink }?.close()
    }

    /// Hands an `event` notification's params to every subscription its topic matches, one after another.
    private func deliver(_ params: RawJSON?) async {
        guard let params, let topic = try? params.decode(EventTopic.self).topic else {
            logger.warning("Ignored an event without a topic")
            return
        }
        let subscriptions = state.withLockedValue { $0.subscriptions }.filter { $0.matches(topic) }
        for subscription in subscriptions {
            do {
                try await subscription.deliver(params)
            } catch {
                logger.warning(
                    "A subscriber failed on an event",
                    metadata: [
                        "event.topic": "\(topic)", "subscription": "\(subscription.pattern)", "error": "\(error)",
                    ])
            }
        }
    }
}

/// The one member of an event read before its subscribers decode the rest.
private struct EventTopic: Decodable {
    let topic: String
}
