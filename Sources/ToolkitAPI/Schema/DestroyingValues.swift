public import JSONRPC

/// The values of a params property that make a call destroy, beyond what its method's effect says, as the
/// property's schema says with `"x-destroys"`: `{"replace": "overwrites the diary's records with the bundle's"}`
/// on `import.bundle`'s `onConflict`. `rpc.discover` shows it, and a bridge (`toolkit mcp`) holds a call given such
/// a value to the rules of a destroying method; a plugin's method may declare it too.
public struct DestroyingValues: Sendable, Hashable {
    /// The schema keyword that says it.
    public static let keyword = "x-destroys"

    /// Each value that destroys, with what it destroys (a phrase that follows the value: `overwrites …`).
    public var values: [String: String]

    /// The destroying values a property's `schema` declares; nil when it declares none.
    public init?(schema: JSONValue) {
        guard case .object(let members)? = schema[Self.keyword] else { return nil }
        var values: [String: String] = [:]
        for case (let value, .string(let what)) in members { values[value] = what }
        guard !values.isEmpty else { return nil }
        self.values = values
    }

    /// What a call destroys when the property is given `value`; nil when that value destroys nothing.
    public func destruction(of value: JSONValue) -> String? {
        guard case .string(let text) = value else { return nil }
        return values[text]
    }
}

extension APISchema {
    /// `schema` with `"x-destroys"`: each of `values` makes a call destroy what it says (``DestroyingValues``).
    public static func destroying(_ schema: JSONSchema, _ values: KeyValuePairs<String, String>) -> JSONSchema {
        guard case .object(var members) = schema.json else { return schema }
        members.append((DestroyingValues.keyword, .object(values.map { ($0.key, .string($0.value)) })))
        return .raw(.object(members))
    }
}
