public import JSONRPC
public import PluginHost

/// A plugin that no one loaded is -32001 (`kind: "plugin"`); one that cannot be loaded or started is
/// -32004 with the reason.
extension PluginHostError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .unknownPlugin: RPCError(code: .notFound, message: message, data: ["kind": "plugin"])
        default: RPCError(code: .pluginUnavailable, message: message, data: ["reason": .string(code.description)])
        }
    }
}
