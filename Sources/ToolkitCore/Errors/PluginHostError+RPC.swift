public import JSONRPC
public import PluginHost

/// A plugin that no one loaded is -32001 (`kind: "plugin"`); one that cannot be loaded or started is
/// -32004 with the plugin (its name, or the path given) and the reason.
extension PluginHostError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .unknownPlugin:
            return RPCError(code: .notFound, message: message, data: ["kind": "plugin"])
        default:
            var data: [(String, JSONValue)] = []
            if let plugin { data.append(("plugin", .string(plugin))) }
            data.append(("reason", .string(code.description)))
            return RPCError(code: .pluginUnavailable, message: message, data: .object(data))
        }
    }
}
