import ToolkitAPI

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

    /// The option as the manifest lists it.
    var declaration: PluginOptionRecord {
        PluginOptionRecord(
            name: name, kind: Value.optionType, defaultValue: defaultValue.json, description: description)
    }
}
