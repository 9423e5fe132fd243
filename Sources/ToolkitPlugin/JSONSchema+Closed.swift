public import JSONRPC

extension JSONSchema {
    /// An object schema that refuses members it does not list (`"additionalProperties": false`), so the core
    /// answers -32602 naming a misspelt param before the call reaches the plugin.
    public static func closedObject(
        _ properties: [String: JSONSchema], required: [String] = [], description: String? = nil
    ) -> JSONSchema {
        guard
            case .object(let members) = JSONSchema.object(properties, required: required, description: description).json
        else { return .object(properties, required: required, description: description) }
        return .raw(.object(members + [("additionalProperties", false)]))
    }
}
