import JSONRPC

/// A typed option a plugin declares in its manifest, with its default: the core gives the config file's
/// value (`plugins.options.NAME.KEY`) or the default in `init`, and ``Plugin/option(_:)`` reads it.
///
/// ```swift
/// extension PluginOption<Int> {
///     static let years = PluginOption("years", default: 10, description: "How many years back to look.")
/// }
/// ```
public struct PluginOption<Value: PluginOptionValue>: Sendable {
    /// The option's key in the manifest and in the config file.
    public let name: String
    /// The value when the config file sets none.
    public let defaultValue: Value
    /// One sentence for `plugins.list` and the README.
    public let description: String?

    /// Declares an option.
    public init(_ name: String, default defaultValue: Value, description: String? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.description = description
    }

    /// The option as the registry of declarations holds it.
    var declaration: OptionDeclaration {
        OptionDeclaration(
            name: name, type: Value.optionType, defaultValue: defaultValue.json, description: description)
    }
}

/// An option of any type, as the manifest lists it.
struct OptionDeclaration: Sendable {
    let name: String
    let type: String
    let defaultValue: JSONValue
    let description: String?

    /// `{type, default, description?}`.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(type)), ("default", defaultValue)]
        if let description { members.append(("description", .string(description))) }
        return .object(members)
    }

    /// Whether `value` is of the declared type.
    func accepts(_ value: JSONValue) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double):
            true
        case ("integer", .double(let number)): number.rounded() == number
        default: false
        }
    }
}
