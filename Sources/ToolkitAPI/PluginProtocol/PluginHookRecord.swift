public import JSONRPC

/// A hook a plugin's manifest lists: its bare name, or `{name, timeout?, onFailure?, before?, after?}`.
public struct PluginHookRecord: Codable, Sendable, Hashable {
    /// What the core does when the plugin is not ready, errs or misses the deadline.
    public enum FailurePolicy: String, Codable, Sendable, Hashable {
        /// Fail open: as if the plugin had answered continue (the core's default).
        case `continue`
        /// Fail closed: the client gets -32004 with `data.reason` `"failed"`.
        case reject
    }

    /// A hook of ``HookCatalogue``, such as `photo.beforeImport`.
    public var name: String
    /// The deadline of each call as declared (at most a day as read); nil for the core's default.
    public var timeout: Duration?
    /// What the core does when the plugin fails; nil for the core's default (`continue`).
    public var onFailure: FailurePolicy?
    /// Plugins this one runs before.
    public var before: [String]
    /// Plugins this one runs after.
    public var after: [String]

    /// A hook call's deadline when the manifest declares none: 5 s.
    public static let defaultTimeout: Duration = .seconds(5)
    /// The longest deadline a hook call gets, whatever the manifest declares: 60 s.
    public static let maximumTimeout: Duration = .seconds(60)

    /// Makes a hook entry.
    public init(
        name: String, timeout: Duration? = nil, onFailure: FailurePolicy? = nil, before: [String] = [],
        after: [String] = []
    ) {
        self.name = name
        self.timeout = timeout
        self.onFailure = onFailure
        self.before = before
        self.after = after
    }

    /// The deadline the core gives each call: the declared timeout (5 s when none), at most 60 s.
    public var deadline: Duration {
        min(timeout ?? Self.defaultTimeout, Self.maximumTimeout)
    }

    /// Whether a plugin that fails (not ready, errs, late) lets the change through.
    public var failsOpen: Bool {
        onFailure != .reject
    }

    /// Reads a hook entry: a name, or an object with one.
    /// - Throws: ``PluginManifestError`` for a missing name, a timeout that is not a positive number, an
    ///   `onFailure` other than `continue` or `reject`, or `before`/`after` that do not list names.
    public init(json value: JSONValue) throws {
        if case .string(let name) = value {
            self.init(name: name)
            return
        }
        guard case .string(let name) = value["name"], !name.isEmpty else {
            throw PluginManifestError("each hook is a name or an object with a 'name'")
        }
        let onFailure: FailurePolicy?
        switch value["onFailure"] {
        case nil, .null: onFailure = nil
        case .string(let policy) where FailurePolicy(rawValue: policy) != nil:
            onFailure = FailurePolicy(rawValue: policy)
        default: throw PluginManifestError("hook '\(name)': 'onFailure' must be \"continue\" or \"reject\"")
        }
        func names(_ key: String) throws -> [String] {
            try PluginManifestRecord.list(value[key], "hooks.\(key)").map { item in
                guard case .string(let plugin) = item else {
                    throw PluginManifestError("hook '\(name)': '\(key)' must list names")
                }
                return plugin
            }
        }
        self.init(
            name: name, timeout: try PluginProtocol.timeout(value["timeout"], "hook '\(name)': 'timeout'"),
            onFailure: onFailure, before: try names("before"), after: try names("after"))
    }

    /// The entry as JSON: the bare name when nothing else is set.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name))]
        if let timeout { members.append(("timeout", PluginProtocol.seconds(timeout))) }
        if let onFailure { members.append(("onFailure", .string(onFailure.rawValue))) }
        if !before.isEmpty { members.append(("before", .array(before.map { .string($0) }))) }
        if !after.isEmpty { members.append(("after", .array(after.map { .string($0) }))) }
        return members.count == 1 ? .string(name) : .object(members)
    }

    /// Writes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Reads with ``init(json:)``.
    /// - Throws: ``PluginManifestError`` as ``init(json:)`` does.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }
}
