public import JSONRPC

/// An option a plugin's manifest declares, under its name in `options`: `{type, default?, description?}`.
/// The config file sets it under `plugins.options.PLUGIN.NAME`; `init` gives its value, or the default.
public struct PluginOptionRecord: Sendable, Hashable {
    /// The types protocol 1 knows.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// A JSON string, an integer, any number, or true or false.
        case string, integer, number, boolean

        /// Whether `value` is of this type: an integer is a number too, and a whole double an integer.
        public func accepts(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.boolean, .bool), (.integer, .int), (.number, .int), (.number, .double): true
            case (.integer, .double(let number)): number.rounded() == number
            default: false
            }
        }
    }

    /// The option's key in `options`, in the config file and in `init`.
    public var name: String
    /// Its type.
    public var kind: Kind
    /// Its value when the config file sets none; nil (`null` in `init`) when it has no default.
    public var defaultValue: JSONValue?
    /// One sentence for people; nil when the manifest gives none.
    public var description: String?

    /// Makes an option.
    public init(name: String, kind: Kind, defaultValue: JSONValue? = nil, description: String? = nil) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.description = description
    }

    /// `{type, default?, description?}`: the value under the option's name in `options`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(kind.rawValue))]
        if let defaultValue { members.append(("default", defaultValue)) }
        if let description { members.append(("description", .string(description))) }
        return .object(members)
    }

    /// The options of a manifest's `options` object, by name (a decoder does not keep the order they were
    /// written in; the SDK writes them sorted), so that `init` gives them in one order.
    /// - Throws: ``PluginManifestError`` when it is not an object, or for an option without a known type
    ///   or with a default of another type.
    public static func list(from value: JSONValue?) throws -> [PluginOptionRecord] {
        switch value {
        case nil, .null:
            return []
        case .object(let members):
            return try members.sorted { $0.0 < $1.0 }.map { name, spec in
                guard case .string(let typeName) = spec["type"], let kind = Kind(rawValue: typeName) else {
                    throw PluginManifestError(
                        "option '\(name)' needs a 'type' of string, integer, number or boolean")
                }
                let fallback = spec["default"].flatMap { $0 == .null ? nil : $0 }
                if let fallback, !kind.accepts(fallback) {
                    throw PluginManifestError("option '\(name)' defaults to \(fallback.text), not a \(kind.rawValue)")
                }
                let description: String?
                if case .string(let text) = spec["description"] { description = text } else { description = nil }
                return PluginOptionRecord(name: name, kind: kind, defaultValue: fallback, description: description)
            }
        default:
            throw PluginManifestError("'options' must be an object")
        }
    }
}
