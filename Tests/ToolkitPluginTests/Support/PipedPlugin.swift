#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import ToolkitPlugin
import ToolkitTestSupport

/// Runs `plugin` in this process over a pair of pipes, with the test in the core's place at the other ends,
/// and hands `body` the test's client; then closes the plugin's input and waits for ``Plugin/run()`` to
/// return, as it must when its stdin closes.
/// - Throws: what `body` or the plugin's run throws.
@discardableResult
func withPipedPlugin<Value>(
    _ plugin: Plugin, _ body: (RPCClient) async throws -> Value
) async throws -> Value {
    var toPlugin: [Int32] = [0, 0]
    var fromPlugin: [Int32] = [0, 0]
    guard pipe(&toPlugin) == 0, pipe(&fromPlugin) == 0 else { throw TestFailure("pipe failed: errno \(errno)") }
    let (pluginInput, pluginOutput) = (toPlugin[0], fromPlugin[1])
    let (testInput, testOutput) = (fromPlugin[0], toPlugin[1])
    async let served: Void = plugin.run(input: pluginInput, output: pluginOutput)
    let client = try await RPCClient.connect(input: testInput, output: testOutput)
    let value: Value
    do {
        value = try await body(client)
    } catch {
        client.finishWriting()
        try? await served
        await client.close()
        throw error
    }
    client.finishWriting()
    try await served
    await client.close()
    return value
}

/// Sends `getmanifest` and `init` as the core does.
/// - Returns: the manifest.
@discardableResult
func handshake(_ client: RPCClient, options: JSONValue = [:], socket: String = "/nonexistent") async throws -> JSONValue
{
    let manifest = try await client.call("getmanifest", params: RawJSON(["protocol": 1])).decode(JSONValue.self)
    let params: JSONValue = [
        "protocol": 1, "name": "fixture", "socket": .string(socket), "dataDir": "/tmp", "options": options,
    ]
    _ = try await client.call("init", params: RawJSON(params))
    return manifest
}
