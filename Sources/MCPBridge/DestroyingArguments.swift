import JSONRPC
import ToolkitAPI

/// Calls of a writing method that destroy because of what they are given, as the method's params say in
/// `rpc.discover` (`"x-destroys"`, ``ToolkitAPI/DestroyingValues``): `import.bundle` with `onConflict` `replace`
/// overwrites the diary's records with the bundle's. The bridge holds such a call to the rules of a destroying
/// tool (refused without `--allow-destructive`, the user asked first when the client can ask).
enum DestroyingArguments {
    /// The params of a method, described by `descriptors` (`{name, schema}` each), that have destroying values.
    static func rules(descriptors: [JSONValue]) -> [String: DestroyingValues] {
        var rules: [String: DestroyingValues] = [:]
        for descriptor in descriptors {
            guard case .string(let name)? = descriptor["name"], let schema = descriptor["schema"],
                let values = DestroyingValues(schema: schema)
            else { continue }
            rules[name] = values
        }
        return rules
    }

    /// What the call of `method` with `arguments` destroys, said as the tool's refusal says it; nil when it
    /// destroys nothing its method's effect does not already say.
    static func destruction(
        method: String, arguments: [(String, JSONValue)], rules: [String: DestroyingValues]
    ) -> String? {
        for (member, value) in arguments {
            if let what = rules[member]?.destruction(of: value) {
                return "\(method) with \(member) \(value.text) \(what)"
            }
        }
        return nil
    }
}
