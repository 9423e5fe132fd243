import JSONRPC

/// Calls of a writing method that destroy because of what they are given: `import.bundle` with `onConflict`
/// `replace` overwrites the diary's records with the bundle's. The bridge holds such a call to the rules of a
/// destroying tool (refused without `--allow-destructive`, the user asked first when the client can ask).
enum DestroyingArguments {
    /// For each such method, the member and the value that make a call destroy.
    static let rules: [String: (member: String, value: JSONValue, what: String)] = [
        "import.bundle": ("onConflict", "replace", "overwrites the diary's records with the bundle's")
    ]

    /// What the call of `method` with `arguments` destroys, said as the tool's refusal says it; nil when it
    /// destroys nothing its method's effect does not already say.
    static func destruction(method: String, arguments: [(String, JSONValue)]) -> String? {
        guard let rule = rules[method], arguments.contains(where: { $0.0 == rule.member && $0.1 == rule.value })
        else { return nil }
        return "\(method) with \(rule.member) \(rule.value.text) \(rule.what)"
    }
}
