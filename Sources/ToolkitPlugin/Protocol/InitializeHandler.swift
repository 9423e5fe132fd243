import JSONRPC
import ToolkitAPI

/// Answers `init`: keeps what the core sent, fills in the declared defaults, checks the options' types, and
/// runs the plugin's ``Plugin/onInit(_:)``.
struct InitializeHandler: RPCHandler {
    typealias Method = Initialize

    let plugin: Plugin

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let options = try plugin.resolveOptions(params.options)
        let configuration = PluginConfiguration(
            name: params.name ?? plugin.name, socketPath: params.socket, dataDirectory: params.dataDir,
            options: options)
        return Method.Result(disable: try await plugin.initialize(configuration))
    }
}
