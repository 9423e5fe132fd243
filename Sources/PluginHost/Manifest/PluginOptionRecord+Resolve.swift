package import JSONRPC
package import ToolkitAPI

extension PluginOptionRecord {
    /// The `options` that `init` gets, in the manifest's order (by name): each declared option's configured value,
    /// else its default (`null` when it has none).
    /// - Parameters:
    ///   - declared: the manifest's options.
    ///   - configured: the config file's `plugins.options.PLUGIN`.
    ///   - plugin: the plugin's name, for the messages.
    /// - Throws: ``PluginHostError`` `.badOptions` for a configured option the manifest does not declare, or
    ///   of the wrong type.
    package static func resolve(
        _ declared: [PluginOptionRecord], configured: [String: JSONValue], plugin: String
    ) throws -> JSONValue {
        for (name, value) in configured.sorted(by: { $0.key < $1.key }) {
            guard let option = declared.first(where: { $0.name == name }) else {
                let known = declared.map(\.name).joined(separator: ", ")
                throw PluginHostError(
                    .badOptions,
                    "The config sets plugins.options.\(plugin).\(name), which \(plugin) does not declare"
                        + (known.isEmpty ? " (it has no options)." : " (it has: \(known))."))
            }
            guard option.kind.accepts(value) else {
                throw PluginHostError(
                    .badOptions,
                    "plugins.options.\(plugin).\(name) is \(value.text); \(plugin) wants a \(option.kind.rawValue).")
            }
        }
        return .object(declared.map { ($0.name, configured[$0.name] ?? $0.defaultValue ?? .null) })
    }
}
