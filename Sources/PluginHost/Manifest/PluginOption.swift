public import JSONRPC

/// An option a manifest declares: its type and default, set in the config under `plugins.options.NAME`.
public struct PluginOption: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case string, integer, number, boolean
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: JSONValue?
    public var description: String

    /// The options of a manifest's `options` object.
    /// - Throws: ``PluginHostError`` `.badManifest` for an option without a known type or with a default of
    ///   another type.
    static func list(from value: JSONValue?) throws -> [PluginOption] {
        switch value {
        case nil, .null:
            return []
        case .object(let members):
            return try members.map { name, spec in
                guard case .string(let typeName) = spec["type"], let kind = Kind(rawValue: typeName) else {
                    throw PluginHostError(
                        .badManifest,
                        "The manifest is not valid: option '\(name)' needs a 'type' of string, integer, number "
                            + "or boolean."
                    )
                }
                let fallback = spec["default"].flatMap { $0 == .null ? nil : $0 }
                if let fallback, !kind.accepts(fallback) {
                    throw PluginHostError(
                        .badManifest,
                        "The manifest is not valid: option '\(name)' defaults to \(fallback.text), "
                            + "not a \(kind.rawValue)."
                    )
                }
                let description: String
                if case .string(let text) = spec["description"] { description = text } else { description = "" }
                return PluginOption(name: name, kind: kind, defaultValue: fallback, description: description)
            }
        default:
            throw PluginHostError(.badManifest, "The manifest is not valid: 'options' must be an object.")
        }
    }

    /// The `options` that `init` gets: each declared option's configured value, else its default.
    /// - Throws: ``PluginHostError`` `.badOptions` for a configured option the manifest does not declare, or
    ///   of the wrong type.
    package static func resolve(
        _ declared: [PluginOption], configured: [String: JSONValue], plugin: String
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

extension PluginOption.Kind {
    func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.integer, .int), (.number, .int), (.number, .double): true
        case (.integer, .double(let number)): number.rounded() == number
        default: false
        }
    }
}
