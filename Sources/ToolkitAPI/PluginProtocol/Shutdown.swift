/// The `shutdown` notification (no params): the core is stopping the plugin. It closes the plugin's stdin
/// next; the plugin finishes what it is doing and exits.
public enum Shutdown {
    /// The notification's method.
    public static let name = "shutdown"
}
