import JSONRPC
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
import ToolkitTestSupport

/// A link to a Unix socket served with ``PeerMethods``: made on first use, made again after the server closes
/// it, and the server's notifications handed to the link's handler or left on the client.
struct RPCLinkTests {
    @Test func connectsAgainAfterTheServerClosesTheConnection() async throws {
        let server = try await SocketServer()
        let connections = NIOLockedValueBox<[Bool]>([])
        let link = RPCLink(
            socketPath: server.path, onConnect: { _, again in connections.withLockedValue { $0.append(again) } })
        #expect(try await echo("one", over: link) == "one")
        server.closeConnections()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while link.connectedClient != nil, clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(try await echo("two", over: link) == "two")
        #expect(connections.withLockedValue { $0 } == [false, true])
        await link.close()
    }

    @Test func handsTheServersNotificationsToItsHandler() async throws {
        let server = try await SocketServer()
        let (told, telling) = AsyncStream.makeStream(of: String.self)
        let link = RPCLink(socketPath: server.path, onNotification: { telling.yield($0.method) })
        _ = try await echo("hello", over: link)
        server.notifyAll("peer.told")
        var methods = told.makeAsyncIterator()
        #expect(await methods.next() == "peer.told")
        await link.close()
    }

    @Test func leavesTheNotificationsOnTheClientWithoutAHandler() async throws {
        let server = try await SocketServer()
        let link = RPCLink(socketPath: server.path)
        let client = try await link.client()
        #expect(link.connectedClient === client)
        _ = try await echo("hello", over: link)  // the server has the connection
        server.notifyAll("peer.told")
        var notifications = client.notifications.makeAsyncIterator()
        #expect(await notifications.next()?.method == "peer.told")
        await link.close()
        #expect(link.connectedClient == nil)
    }

    @Test func saysWhenNothingAnswers() async throws {
        let directory = try TemporaryDirectory()
        let link = RPCLink(socketPath: directory.appending("none.sock"))
        let error = await #expect(throws: RPCClientError.self) { try await link.client() }
        #expect(error?.code == .cannotConnect)
    }

    private func echo(_ text: String, over link: RPCLink) async throws -> String {
        try await link.call(PeerMethods.Echo.name, params: RawJSON(encoding: PeerMethods.Text(text: text)))
            .decode(String.self)
    }
}

/// A Unix socket in a directory of its own serving ``PeerMethods``, whose connections the test can close or
/// notify from the server's side.
private final class SocketServer: Sendable {
    let directory: TemporaryDirectory
    let path: String
    private let channel: any Channel
    private let connections: NIOLockedValueBox<[any RPCConnection & RPCConnectionControl]>

    init() async throws {
        directory = try TemporaryDirectory()
        path = directory.appending("peer.sock")
        let registry = try PeerMethods.registry()
        let connections = NIOLockedValueBox<[any RPCConnection & RPCConnectionControl]>([])
        self.connections = connections
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = try RPCConnectionHandler.install(
                        on: channel, registry: registry, logger: Logger(label: "RPCLinkTests"))
                    connections.withLockedValue { $0.append(connection) }
                }
            }
            .bind(unixDomainSocketPath: path).get()
    }

    deinit { channel.close(promise: nil) }

    /// Closes every connection accepted so far.
    func closeConnections() {
        for connection in connections.withLockedValue({ $0 }) { connection.close() }
    }

    /// Sends the notification `method` on every connection.
    func notifyAll(_ method: String) {
        for connection in connections.withLockedValue({ $0 }) {
            connection.send(notification: RPCRequest(method: method, id: nil))
        }
    }
}
