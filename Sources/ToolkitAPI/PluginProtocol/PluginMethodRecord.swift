public import JSONRPC

/// A method a plugin's manifest lists: `{name, description, params?, result?, timeout?, effect?}`.
public struct PluginMethodRecord: Codable, Sendable, Hashable {
    /// The method's name: not beginning `rpc.`, not a built-in's or another plugin's.
    public var name: String
    /// One or two sentences for `rpc.discover`; empty when the manifest gives none.
    public var description: String
    /// The JSON Schema the core checks params against before forwarding (an object, or `true`/`false`);
    /// nil accepts any params.
    public var params: JSONValue?
    /// The JSON Schema of what the method answers, shown by `rpc.discover` (the core does not check
    /// results); nil says nothing.
    public var result: JSONValue?
    /// The method's own call timeout (above 0, at most a day); the core's (60 s) when nil.
    public var timeout: Duration?
    /// What the method does to the user's data, shown by `rpc.discover`; nil when the manifest does not say,
    /// which counts as ``JSONRPC/RPCMethodEffect/write``.
    public var effect: RPCMethodEffect?

    /// Makes a method entry.
    public init(
        name: String, description: String = "", params: JSONValue? = nil, result: JSONValue? = nil,
        timeout: Duration? = nil, effect: RPCMethodEffect? = nil
    ) {
        self.name = name
        self.description = description
        self.params = params
        self.result = result
        self.timeout = timeout
        self.effect = effect
    }

    /// Reads a method entry.
    /// - Throws: ``PluginManifestError`` for a missing or `rpc.` name, a description that is not a string, a
    ///   params or result schema that is not one or uses a keyword the core does not check (see
    ///   ``JSONRPC/SchemaKeywords``), a timeout that is not a positive number, or an effect that is not
    ///   `read`, `write` or `destroy`.
    public init(json value: JSONValue) throws {
        guard case .string(let name) = value["name"], !name.isEmpty else {
            throw PluginManifestError("each method needs a 'name'")
        }
        guard !name.hasPrefix("rpc.") else {
            throw PluginManifestError("method '\(name)': names beginning 'rpc.' are the protocol's")
        }
        let description: String
        switch value["description"] {
        case .string(let text): description = text
        case nil, .null: description = ""
        default: throw PluginManifestError("method '\(name)': 'description' must be a string")
        }
        self.init(
            name: name, description: description, params: try Self.schema(value["params"], "params", of: name),
            result: try Self.schema(value["result"], "result", of: name),
            timeout: try PluginProtocol.timeout(value["timeout"], "method '\(name)': 'timeout'"),
            effect: try Self.effect(value["effect"], of: name))
    }

    /// The `effect` member: nil when absent or null.
    /// - Throws: ``PluginManifestError`` when it is not one of the effects' names.
    private static func effect(_ value: JSONValue?, of method: String) throws -> RPCMethodEffect? {
        guard let value, value != .null else { return nil }
        if case .string(let name) = value, let effect = RPCMethodEffect(rawValue: name) { return effect }
        throw PluginManifestError(
            "method '\(method)': 'effect' must be \"read\", \"write\" or \"destroy\" (absent: write), "
                + "not \(value.text)")
    }

    /// A schema member (`params`, `result`): nil when absent or null.
    /// - Throws: ``PluginManifestError`` when it is not a schema, or uses a keyword the core does not check.
    private static func schema(_ value: JSONValue?, _ member: String, of method: String) throws -> JSONValue? {
        guard let value, value != .null else { return nil }
        switch value {
        case .object, .bool: break
        default: throw PluginManifestError("method '\(method)': '\(member)' must be a JSON Schema object")
        }
        if let problem = SchemaKeywords.problem(in: value) {
            throw PluginManifestError("method '\(method)': in its '\(member)' schema, \(problem)")
        }
        return value
    }

    /// `{name, description, params?, result?, timeout?, effect?}`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name)), ("description", .string(description))]
        if let params { members.append(("params", params)) }
        if let result { members.append(("result", result)) }
        if let timeout { members.append(("timeout", PluginProtocol.seconds(timeout))) }
        if let effect { members.append(("effect", .string(effect.rawValue))) }
        return .object(members)
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

    /// Equal when every member is, the schemas compared as JSON objects (their members in any order:
    /// a decoder does not keep the order they were written in).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.description == rhs.description && lhs.timeout == rhs.timeout
            && lhs.effect == rhs.effect
            && lhs.params.map(\.inKeyOrder) == rhs.params.map(\.inKeyOrder)
            && lhs.result.map(\.inKeyOrder) == rhs.result.map(\.inKeyOrder)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(description)
        hasher.combine(timeout)
        hasher.combine(effect)
        hasher.combine(params.map(\.inKeyOrder))
        hasher.combine(result.map(\.inKeyOrder))
    }
}
