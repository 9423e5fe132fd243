/// A small builder for the JSON Schemas that `rpc.discover` publishes for each method's params and result.
public indirect enum JSONSchema: Sendable, Hashable {
    case any
    case string(description: String? = nil, format: String? = nil, pattern: String? = nil)
    case integer(description: String? = nil, minimum: Int? = nil, maximum: Int? = nil)
    case number(description: String? = nil)
    case boolean(description: String? = nil)
    case array(of: JSONSchema, description: String? = nil)
    /// An object; `required` lists the properties that must be present.
    case object([String: JSONSchema], required: [String] = [], description: String? = nil)
    case oneOf([JSONSchema], description: String? = nil)
    case constant(JSONValue)
    case raw(JSONValue)
    /// The schema, or `null`: a result field that is always present but may be unset.
    case nullable(JSONSchema)

    /// The schema as JSON.
    public var json: JSONValue {
        func withDescription(_ members: [(String, JSONValue)], _ description: String?) -> JSONValue {
            .object(members + (description.map { [("description", .string($0))] } ?? []))
        }
        switch self {
        case .any:
            return .object([])
        case .string(let description, let format, let pattern):
            var members: [(String, JSONValue)] = [("type", "string")]
            if let format { members.append(("format", .string(format))) }
            if let pattern { members.append(("pattern", .string(pattern))) }
            return withDescription(members, description)
        case .integer(let description, let minimum, let maximum):
            var members: [(String, JSONValue)] = [("type", "integer")]
            if let minimum { members.append(("minimum", .int(minimum))) }
            if let maximum { members.append(("maximum", .int(maximum))) }
            return withDescription(members, description)
        case .number(let description):
            return withDescription([("type", "number")], description)
        case .boolean(let description):
            return withDescription([("type", "boolean")], description)
        case .array(let items, let description):
            return withDescription([("type", "array"), ("items", items.json)], description)
        case .object(let properties, let required, let description):
            let sorted = properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }
            var members: [(String, JSONValue)] = [("type", "object"), ("properties", .object(sorted))]
            if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
            return withDescription(members, description)
        case .oneOf(let schemas, let description):
            return withDescription([("oneOf", .array(schemas.map(\.json)))], description)
        case .constant(let value):
            return .object([("const", value)])
        case .raw(let value):
            return value
        case .nullable(let schema):
            // `"type": "string"` becomes `"type": ["string", "null"]`; a schema without a type gets a oneOf.
            guard case .object(let members) = schema.json,
                let index = members.firstIndex(where: { $0.0 == "type" }), case .string(let type) = members[index].1
            else { return .object([("oneOf", .array([schema.json, .object([("type", "null")])]))]) }
            var typed = members
            typed[index].1 = .array([.string(type), "null"])
            return .object(typed)
        }
    }
}
