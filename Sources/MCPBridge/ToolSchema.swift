import JSONRPC

/// How a method's schemas become a tool's: MCP wants an object schema for the arguments and, when a tool
/// declares an output schema, an object for its structured result.
enum ToolSchema {
    /// The member a result that is not an object is wrapped in (`{"result": [...]}`).
    static let wrappedResultMember = "result"
    /// The params member through which a method reports progress (`"progress": true`); the bridge sets it itself
    /// when the client asks for progress, so the tool does not show it.
    static let progressMember = "progress"

    /// The input schema of a method whose params `rpc.discover` describes with `descriptors` (`{name,
    /// description?, required, schema}` each; a single one named `params` stands for a schema without
    /// properties), without the `progress` member; `closed` (the method's `x-additionalParams: false`) makes it
    /// refuse other members. Also says whether the method took `progress`.
    static func input(
        fromDescriptors descriptors: [JSONValue], closed: Bool = false
    ) -> (schema: JSONValue, takesProgress: Bool) {
        if descriptors.count == 1, case .string("params")? = descriptors[0]["name"],
            let whole = descriptors[0]["schema"]
        {
            return (objectSchema(whole), false)
        }
        var properties: [(String, JSONValue)] = []
        var required: [JSONValue] = []
        var takesProgress = false
        for descriptor in descriptors {
            guard case .string(let name)? = descriptor["name"] else { continue }
            if name == progressMember {
                takesProgress = true
                continue
            }
            var schema = descriptor["schema"] ?? .object([])
            if case .string(let text)? = descriptor["description"], schema["description"] == nil,
                case .object(var members) = schema
            {
                members.append(("description", .string(text)))
                schema = .object(members)
            }
            properties.append((name, schema))
            if case .bool(true)? = descriptor["required"] { required.append(.string(name)) }
        }
        var members: [(String, JSONValue)] = [("type", "object"), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required))) }
        if closed { members.append(("additionalProperties", false)) }
        return (.object(members), takesProgress)
    }

    /// `schema` as an object schema: itself when it says `"type": "object"`, else an object schema that
    /// accepts any members (`true`, `{}`, or a schema of something else, which params by name cannot be).
    static func objectSchema(_ schema: JSONValue) -> JSONValue {
        if case .object(let members) = schema, case .string("object")? = schema["type"] {
            return .object(members)
        }
        return ["type": "object"]
    }

    /// The output schema of a method whose result `schema` describes, and whether results are wrapped:
    /// an object schema as it is; anything else (an array, a string, a schema that allows any value) as the
    /// `result` member of an object.
    static func output(fromResultSchema schema: JSONValue?) -> (schema: JSONValue, wrapsResult: Bool) {
        if let schema, case .object = schema, case .string("object")? = schema["type"] {
            return (schema, false)
        }
        let inner: JSONValue =
            switch schema {
            case .object(let members)?: .object(members)
            default: .object([])
            }
        return (
            .object([
                ("type", "object"), ("properties", .object([(wrappedResultMember, inner)])),
                ("required", [.string(wrappedResultMember)]),
            ]), true
        )
    }

    /// The structured content of a result: the object itself, or `{"result": value}` for a wrapped one. An
    /// object schema's method that answers something else is wrapped too, so what the client gets is an object.
    static func structuredContent(_ result: JSONValue, wrapped: Bool) -> JSONValue {
        if !wrapped, case .object = result { return result }
        return .object([(wrappedResultMember, result)])
    }
}
