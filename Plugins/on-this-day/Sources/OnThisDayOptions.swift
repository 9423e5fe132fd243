import ToolkitPlugin

/// The plugin's options (`plugins.options.on-this-day.*` in the config file).
enum OnThisDayOptions {
    /// How many earlier years `memories.onThisDay` and the daily check look at.
    static let years = PluginOption(
        "years", default: 10, description: "How many earlier years to look at when the call does not say.")
}
