import JSONRPC
import Logging

/// The plugin's one connection to the core's socket, made on first use and made again after it closes.
actor CoreLink {
    private var connecting: Task<RPCClient, any Error>?

    /// The connection to `socket`, connecting when there is none.
    /// - Throws: ``JSONRPC/RPCClientError`` `.cannotConnect` when the core does not answer on `socket`.
    func client(socket: String) async throws -> RPCClient {
        if let connecting { return try await connecting.value }
        let task = Task { try await RPCClient.connect(to: socket) }
        connecting = task
        do {
            let client = try await task.value
            client.rpcConnection.onClose { [weak self] in
                Task { await self?.forget(task) }
            }
            return client
        } catch {
            forget(task)
            throw error
        }
    }

    /// Closes the connection, if there is one.
    func close() async {
        guard let connecting else { return }
        self.connecting = nil
        if let client = try? await connecting.value { await client.close() }
    }

    private func forget(_ task: Task<RPCClient, any Error>) {
        if connecting == task { connecting = nil }
    }
}
