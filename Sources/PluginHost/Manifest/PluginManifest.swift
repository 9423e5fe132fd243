public import JSONRPC

/// What a plugin answers to `getmanifest`: its name, methods, subscriptions, hooks and options
/// (docs/plugins.md).
public struct PluginManifest: Sendable, Hashable {
    /// A method the plugin answers.
    public struct Method: Sendable, Hashable {
        public var name: String
        public var description: String
        /// The JSON Schema the core checks params against before forwarding; nil accepts any params.
        public var params: JSONValue?
        /// The plugin's own call timeout, when it declares one.
        public var timeout: Duration?
    }

    /// A hook the plugin answers, and how the chain treats it.
    public struct Hook: Sendable, Hashable {
        public var name: String
        public var timeout: Duration
        /// Whether a plugin that fails (not ready, errs, late) lets the change through.
        public var failsOpen: Bool
        /// Plugins this one must run before, and after.
        public var before: [String]
        public var after: [String]
    }

    public var name: String
    public var version: String
    public var methods: [Method]
    public var subscriptions: [String]
    public var hooks: [Hook]
    public var options: [PluginOption]
    public var important: Bool

    /// Hooks have 5 s by default and at most 60.
    static let defaultHookTimeout: Duration = .seconds(5)
    static let maximumHookTimeout: Duration = .seconds(60)

    /// Reads a manifest, refusing what protocol 1 does not allow.
    /// - Throws: ``PluginHostError`` `.badManifest` saying which member is wrong and why.
    public init(json: JSONValue) throws {
        guard case .object = json else { throw Self.bad("it is \(json.text.prefix(40)), not an object") }
        guard case .string(let name) = json["name"], Self.isValidName(name) else {
            throw Self.bad("'name' must be 1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit")
        }
        guard case .string(let version) = json["version"] else { throw Self.bad("'version' must be a string") }
        if let protocolVersion = json["protocol"], protocolVersion != .int(1) {
            throw Self.bad("'protocol' is \(protocolVersion.text); this core speaks protocol 1")
        }
        self.name = name
        self.version = version
        self.methods = try Self.list(json["methods"], "methods").map(Self.method)
        self.subscriptions = try Self.list(json["subscriptions"], "subscriptions").map { value in
            guard case .string(let topic) = value, !topic.isEmpty else {
                throw Self.bad("'subscriptions' must list topic names")
            }
            return topic
        }
        self.hooks = try Self.list(json["hooks"], "hooks").map(Self.hook)
        self.options = try PluginOption.list(from: json["options"])
        switch json["important"] {
        case nil, .null: self.important = false
        case .bool(let flag): self.important = flag
        default: throw Self.bad("'important' must be true or false")
        }
    }

    static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count) else { return false }
        func allowed(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): !first
            default: false
            }
        }
        return bytes.enumerated().allSatisfy { allowed($0.element, first: $0.offset == 0) }
    }

    private static func bad(_ reason: String) -> PluginHostError {
        PluginHostError(.badManifest, "The manifest is not valid: \(reason).")
    }

    private static func list(_ value: JSONValue?, _ member: String) throws -> [JSONValue] {
        switch value {
        case nil, .null: return []
        case .array(let items): return items
        default: throw bad("'\(member)' must be a list")
        }
    }

    /// A timeout in seconds, above 0, held as `--plugin-call-timeout` is (at most a day; a hook's is held to a
    /// minute later).
    private static func seconds(_ value: JSONValue?, _ what: String) throws -> Duration? {
        switch value {
        case nil, .null: return nil
        case .int(let seconds) where seconds > 0:
            return .seconds(min(seconds, PluginHostConfiguration.maximumCallTimeoutSeconds))
        case .double(let seconds) where seconds > 0 && seconds.isFinite:
            return PluginHostConfiguration.timeout(seconds: seconds)
        default: throw bad("\(what) must be a number of seconds above 0")
        }
    }

    private static func method(_ value: JSONValue) throws -> Method {
        guard case .string(let name) = value["name"], !name.isEmpty else {
            throw bad("each method needs a 'name'")
        }
        guard !name.hasPrefix("rpc.") else { throw bad("method '\(name)': names beginning 'rpc.' are the protocol's") }
        let description: String
        switch value["description"] {
        case .string(let text): description = text
        case nil, .null: description = ""
        default: throw bad("method '\(name)': 'description' must be a string")
        }
        let params = value["params"]
        if let params, !(params == .bool(true) || params == .bool(false)) {
            guard case .object = params else { throw bad("method '\(name)': 'params' must be a JSON Schema object") }
        }
        return Method(
            name: name, description: description, params: params == .null ? nil : params,
            timeout: try seconds(value["timeout"], "method '\(name)': 'timeout'"))
    }

    private static func hook(_ value: JSONValue) throws -> Hook {
        if case .string(let name) = value {
            return Hook(name: name, timeout: defaultHookTimeout, failsOpen: true, before: [], after: [])
        }
        guard case .string(let name) = value["name"], !name.isEmpty else {
            throw bad("each hook is a name or an object with a 'name'")
        }
        let timeout = try seconds(value["timeout"], "hook '\(name)': 'timeout'") ?? defaultHookTimeout
        let failsOpen: Bool
        switch value["onFailure"] {
        case nil, .null, .string("continue"): failsOpen = true
        case .string("reject"): failsOpen = false
        default: throw bad("hook '\(name)': 'onFailure' must be \"continue\" or \"reject\"")
        }
        func names(_ key: String) throws -> [String] {
            try list(value[key], "hooks.\(key)").map { item in
                guard case .string(let plugin) = item else { throw bad("hook '\(name)': '\(key)' must list names") }
                return plugin
            }
        }
        return Hook(
            name: name, timeout: min(timeout, maximumHookTimeout), failsOpen: failsOpen, before: try names("before"),
            after: try names("after"))
    }
}
