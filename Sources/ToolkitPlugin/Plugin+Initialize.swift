import JSONRPC
import NIOConcurrencyHelpers
import ToolkitAPI

extension Plugin {
    /// Every declared option's value: the one `init` gave, else the default.
    /// - Throws: ``JSONRPC/RPCError`` -32602 naming an option of the wrong type or one not declared.
    func resolveOptions(_ given: JSONValue?) throws -> [String: JSONValue] {
        let declarations = state.withLockedValue { $0.options }
        var resolved: [String: JSONValue] = [:]
        for declaration in declarations { resolved[declaration.name] = declaration.defaultValue }
        guard let given, given != .null else { return resolved }
        guard case .object(let members) = given else {
            throw RPCError.invalidParams("Param 'options' must be an object.", field: "options")
        }
        for (key, value) in members where value != .null {
            guard let declaration = declarations.first(where: { $0.name == key }) else {
                throw RPCError.invalidParams(
                    "Option '\(key)' is not declared by plugin \(name).", field: "options.\(key)")
            }
            guard declaration.kind.accepts(value) else {
                throw RPCError.invalidParams(
                    "Option '\(key)' of plugin \(name) must be of type \(declaration.kind.rawValue); "
                        + "it is \(value.text).",
                    field: "options.\(key)")
            }
            resolved[key] = value
        }
        return resolved
    }

    /// Keeps `configuration`, runs the plugin's ``onInit(_:)``, and starts its ``whenReady(_:)`` bodies
    /// unless it asked to be disabled.
    /// - Returns: the reason to disable the plugin, if it gave one.
    func initialize(_ configuration: PluginConfiguration) async throws -> String? {
        let body = state.withLockedValue { state in
            state.configuration = configuration
            return state.initBody
        }
        if let reason = try await body?(self) { return reason }
        _ = state.withLockedValue { $0.ready?.yield() }
        return nil
    }
}
