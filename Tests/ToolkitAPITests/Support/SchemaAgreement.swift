import JSONRPC

/// Compares a method's hand-written schemas with what its `Params` and `Result` types really read and write.
///
/// Params: the same properties, `required` exactly the members that are not optional, matching types.
/// Results: the same properties, matching types, and a member declared nullable exactly when it can be `null`
/// (an optional member the type writes as `null`; one it leaves out when unset is not nullable).
struct SchemaAgreement {
    private(set) var problems: [String] = []

    /// Checks a params type against its schema.
    mutating func params(_ shape: TypeShape, schema: JSONValue, at path: String = "params") {
        compare(shape, schema: schema, sample: nil, path: path, isParams: true)
    }

    /// Checks a result type, and how its sample (optional members nil) encodes, against its schema.
    mutating func result(_ shape: TypeShape, sample: JSONValue, schema: JSONValue, at path: String = "result") {
        compare(shape, schema: schema, sample: sample, path: path, isParams: false)
    }

    private mutating func compare(
        _ shape: TypeShape, schema: JSONValue, sample: JSONValue?, path: String, isParams: Bool
    ) {
        guard let declared = Self.types(of: schema) else { return }  // `{}`: anything goes
        switch shape {
        case .any:
            return
        case .string, .integer, .number, .boolean:
            let name = shape.description
            if !declared.types.contains(name) {
                problems.append("\(path): the type reads \(name), the schema says \(declared.types.sorted())")
            }
        case .array(let element):
            guard declared.types.contains("array") else {
                problems.append("\(path): the type reads an array, the schema says \(declared.types.sorted())")
                return
            }
            let items = Self.member("items", of: schema) ?? .object([])
            var elementSample: JSONValue?
            if case .array(let values)? = sample { elementSample = values.first }
            compare(element, schema: items, sample: elementSample, path: path + "[]", isParams: isParams)
        case .object(let fields):
            guard declared.types.contains("object") else {
                problems.append("\(path): the type reads an object, the schema says \(declared.types.sorted())")
                return
            }
            compareMembers(fields, schema: schema, sample: sample, path: path, isParams: isParams)
        }
    }

    private mutating func compareMembers(
        _ fields: [String: TypeShape.Field], schema: JSONValue, sample: JSONValue?, path: String, isParams: Bool
    ) {
        var properties: [String: JSONValue] = [:]
        if case .object(let members)? = Self.member("properties", of: schema) {
            for (name, value) in members { properties[name] = value }
        }
        for name in Set(fields.keys).subtracting(properties.keys).sorted() {
            problems.append("\(path).\(name): the type has it, the schema does not")
        }
        for name in Set(properties.keys).subtracting(fields.keys).sorted() {
            problems.append("\(path).\(name): the schema has it, the type does not")
        }
        var required: Set<String> = []
        if case .array(let names)? = Self.member("required", of: schema) {
            for case .string(let name) in names { required.insert(name) }
        }
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            guard let property = properties[name] else { continue }
            let memberPath = "\(path).\(name)"
            let memberSample = sample.flatMap { Self.member(name, of: $0) }
            if isParams {
                if field.optional == required.contains(name) {
                    problems.append(
                        "\(memberPath): the type reads it as \(field.optional ? "optional" : "required"), "
                            + "the schema \(required.contains(name) ? "requires" : "does not require") it")
                }
            } else {
                let canBeNull = field.optional && memberSample == .null
                let declaredNullable = Self.types(of: property)?.nullable ?? true
                if canBeNull != declaredNullable && field.shape != .any {
                    problems.append(
                        "\(memberPath): it \(canBeNull ? "can" : "cannot") be null, the schema says "
                            + (declaredNullable ? "nullable" : "not nullable"))
                }
            }
            compare(field.shape, schema: property, sample: memberSample, path: memberPath, isParams: isParams)
        }
    }

    /// The JSON types a schema allows, and whether it allows `null`; nil for a schema that allows anything.
    static func types(of schema: JSONValue) -> (types: Set<String>, nullable: Bool)? {
        if let type = member("type", of: schema) {
            switch type {
            case .string(let name): return ([name], name == "null")
            case .array(let names):
                let all = Set(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
                return (all.subtracting(["null"]), all.contains("null"))
            default: return nil
            }
        }
        if let constant = member("const", of: schema) {
            switch constant {
            case .null: return ([], true)
            case .string: return (["string"], false)
            case .bool: return (["boolean"], false)
            case .int: return (["integer", "number"], false)
            default: return nil
            }
        }
        if case .array(let alternatives)? = member("oneOf", of: schema) {
            var types: Set<String> = []
            var nullable = false
            for alternative in alternatives {
                guard let allowed = Self.types(of: alternative) else { return nil }
                types.formUnion(allowed.types)
                nullable = nullable || allowed.nullable
            }
            if types.contains("number") { types.insert("integer") }
            return (types, nullable)
        }
        return nil
    }

    static func member(_ name: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.0 == name }?.1
    }
}
