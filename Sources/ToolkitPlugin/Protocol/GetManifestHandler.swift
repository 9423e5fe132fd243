import JSONRPC
import ToolkitAPI

/// Answers `getmanifest` with the manifest made from what the plugin registered.
struct GetManifestHandler: RPCImmediateHandler {
    typealias Method = GetManifest

    let plugin: Plugin

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        plugin.manifest
    }
}
