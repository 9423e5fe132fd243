import JSONRPC
import ToolkitAPI
import ToolkitPlugin

/// A plugin made in the test process with one of each thing the SDK offers.
enum FixturePlugin {
    static let greeting = PluginOption("greeting", default: "hello", description: "What test.options says.")
    static let repeats = PluginOption("repeats", default: 1)

    /// The plugin: `test.wait` (whose effect is the default, write), `test.options` (registered as a read), an
    /// `entry.beforeSave` hook, and a subscription to `entry.*` that publishes `fixture.seen {title}`.
    static func make() throws -> Plugin {
        let plugin = Plugin(name: "fixture", version: "0.1.0", important: true)
        plugin.declare(greeting)
        plugin.declare(repeats)
        try plugin.register(Wait(), timeout: .milliseconds(1500))
        try plugin.register(ShowOptionsHandler(plugin: plugin), effect: .read)
        try plugin.hook(EntryBeforeSave.self, timeout: .seconds(2), onFailure: .reject, after: ["spell-check"]) {
            params, _ in
            guard let title = params.title else { return .continue }
            if title.lowercased().contains("secret") { return .reject("Entries about secrets stay in your head.") }
            guard let first = title.first, first.isLowercase else { return .continue }
            var changed = params
            changed.title = first.uppercased() + title.dropFirst()
            return .change(changed)
        }
        plugin.subscribe(to: "entry.*", as: EntryRecord.self) { event in
            try plugin.publish("fixture.seen", data: ["title": JSONValue.string(event.data.title)] as JSONValue)
        }
        return plugin
    }
}

/// `test.wait {seconds}` → `{"waited": true}` after that long: a slow method to cancel.
struct Wait: RPCMethod {
    static let name = "test.wait"
    static let summary = "Waits, then answers."
    static let paramsSchema: JSONSchema = .closedObject(["seconds": .integer(minimum: 0)], required: ["seconds"])
    static let resultSchema: JSONSchema = .object(["waited": .boolean()])

    struct Params: Codable, Sendable { var seconds: Int }
    struct Result: Codable, Sendable { var waited: Bool }

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        try await Task.sleep(for: .seconds(params.seconds))
        return Result(waited: true)
    }
}

/// `test.options` → the option values the plugin got in `init`.
enum ShowOptions: RPCMethodDescribing {
    static let name = "test.options"
    static let summary = "Says the options."

    struct Result: Codable, Sendable { var greeting: String, repeats: Int }
}

/// Answers ``ShowOptions``.
struct ShowOptionsHandler: RPCHandler {
    typealias Method = ShowOptions
    let plugin: Plugin

    func handle(_ params: NoParams, context: RPCContext) async throws -> ShowOptions.Result {
        .init(greeting: plugin.option(FixturePlugin.greeting), repeats: plugin.option(FixturePlugin.repeats))
    }
}
