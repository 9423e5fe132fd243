public import JSONRPC

/// The answer to `getmanifest`, made from what the plugin registered: its methods (name, summary as
/// `description`, `paramsSchema` as `params`, timeout), subscriptions, hooks, options and `important` flag.
public struct PluginManifest: Encodable, Sendable {
    /// A method as the manifest lists it.
    public struct Method: Sendable {
        public var name: String
        public var description: String
        /// The JSON Schema the core checks params against before forwarding.
        public var params: JSONValue
        /// The method's own call timeout; the core's (60 s) when nil.
        public var timeout: Duration?
    }

    public var name: String
    public var version: String
    public var methods: [Method]
    public var subscriptions: [String]
    public var hooks: [HookDeclaration]
    var options: [OptionDeclaration]
    public var important: Bool

    /// The manifest as JSON, members in the order docs/plugins.md shows them.
    public var json: JSONValue {
        let methods: [JSONValue] = methods.map { method in
            var members: [(String, JSONValue)] = [
                ("name", .string(method.name)), ("description", .string(method.description)),
                ("params", method.params),
            ]
            if let timeout = method.timeout { members.append(("timeout", Plugin.seconds(timeout))) }
            return .object(members)
        }
        return [
            "name": .string(name), "version": .string(version), "protocol": 1, "methods": .array(methods),
            "subscriptions": .array(subscriptions.map { .string($0) }), "hooks": .array(hooks.map(\.json)),
            "options": .object(options.map { ($0.name, $0.json) }), "important": .bool(important),
        ]
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
