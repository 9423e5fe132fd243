/// Checks a JSON value against a JSON Schema given as JSON: what the core does with a plugin method's
/// declared `params` before it forwards a call, so a plugin gets only what it declared.
///
/// It understands the keywords that describe params: `type` (one or a list), `properties`, `required`,
/// `additionalProperties` (false or a schema), `items`, `enum`, `const`, `minimum`, `maximum`,
/// `minLength`, `maxLength` (in characters), `minItems`, `maxItems`, `oneOf`, `anyOf` and `allOf`. Other
/// keywords (`pattern`, `format`, `$ref`, …) are not checked. A schema that is not an object (or `true`)
/// accepts everything; `false` accepts nothing.
public struct SchemaValidator: Sendable {
    /// Why a value does not fit: the path of the member (`tags[2]`, `when.from`; empty for the whole
    /// value) and a sentence.
    public struct Violation: Error, Sendable, Hashable {
        public var path: String
        public var reason: String
    }

    public let schema: JSONValue

    public init(schema: JSONValue) {
        self.schema = schema
    }

    /// Throws the first violation found, or returns when `value` fits.
    public func validate(_ value: JSONValue) throws(Violation) {
        try Self.check(value, against: schema, path: "")
    }

    /// Checks `params` (absent counts as `{}`) and turns a violation into -32602 naming the field.
    public func validateParams(_ params: JSONValue?) throws(RPCError) {
        do {
            try validate(params ?? .object([]))
        } catch {
            let field = error.path.isEmpty ? nil : error.path
            let subject = field.map { "'\($0)'" } ?? "params"
            throw RPCError.invalidParams("\(subject) \(error.reason).", field: field)
        }
    }

    private static func check(_ value: JSONValue, against schema: JSONValue, path: String) throws(Violation) {
        if case .bool(false) = schema { throw Violation(path: path, reason: "is not allowed") }
        guard case .object = schema else { return }
        try checkType(value, schema["type"], path: path)
        if let allowed = schema["enum"], case .array(let options) = allowed, !options.contains(value) {
            throw Violation(path: path, reason: "must be one of \(allowed.text)")
        }
        if let constant = schema["const"], constant != value {
            throw Violation(path: path, reason: "must be \(constant.text)")
        }
        try checkBounds(value, schema, path: path)
        switch value {
        case .object(let members): try checkObject(members, schema, path: path)
        case .array(let items): try checkArray(items, schema, path: path)
        default: break
        }
        try checkCombinations(value, schema, path: path)
    }

    private static func checkType(_ value: JSONValue, _ type: JSONValue?, path: String) throws(Violation) {
        let names: [String]
        switch type {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: return
        }
        guard !names.contains(where: { matches(value, type: $0) }) else { return }
        throw Violation(path: path, reason: "must be \(names.joined(separator: " or ")), not \(typeName(value))")
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("integer", .int), ("number", .int), ("number", .double):
            true
        case ("integer", .double(let number)): number.rounded() == number && number.isFinite
        default: false
        }
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    private static func checkBounds(_ value: JSONValue, _ schema: JSONValue, path: String) throws(Violation) {
        if let actual = number(value) {
            if let minimum = number(schema["minimum"]), actual < minimum {
                throw Violation(path: path, reason: "is \(value.text); the minimum is \(schema["minimum"]!.text)")
            }
            if let maximum = number(schema["maximum"]), actual > maximum {
                throw Violation(path: path, reason: "is \(value.text); the maximum is \(schema["maximum"]!.text)")
            }
        }
        if case .string(let text) = value {
            let length = text.count
            if let minimum = number(schema["minLength"]), Double(length) < minimum {
                throw Violation(path: path, reason: "is \(length) characters; at least \(Int(minimum)) are needed")
            }
            if let maximum = number(schema["maxLength"]), Double(length) > maximum {
                throw Violation(path: path, reason: "is \(length) characters; the limit is \(Int(maximum))")
            }
        }
        if case .array(let items) = value {
            if let minimum = number(schema["minItems"]), Double(items.count) < minimum {
                throw Violation(path: path, reason: "has \(items.count) items; at least \(Int(minimum)) are needed")
            }
            if let maximum = number(schema["maxItems"]), Double(items.count) > maximum {
                throw Violation(path: path, reason: "has \(items.count) items; the limit is \(Int(maximum))")
            }
        }
    }

    private static func checkObject(
        _ members: [(String, JSONValue)], _ schema: JSONValue, path: String
    ) throws(Violation) {
        let properties: [(String, JSONValue)]
        if case .object(let declared) = schema["properties"] { properties = declared } else { properties = [] }
        if case .array(let required) = schema["required"] {
            for case .string(let name) in required where !members.contains(where: { $0.0 == name }) {
                throw Violation(path: join(path, name), reason: "is required")
            }
        }
        for (name, member) in members {
            let memberPath = join(path, name)
            if let declared = properties.first(where: { $0.0 == name }) {
                try check(member, against: declared.1, path: memberPath)
            } else if let additional = schema["additionalProperties"] {
                if case .bool(false) = additional {
                    let known = properties.map(\.0).joined(separator: ", ")
                    throw Violation(
                        path: memberPath, reason: known.isEmpty ? "is not a known member" : "is not one of \(known)")
                }
                try check(member, against: additional, path: memberPath)
            }
        }
    }

    private static func checkArray(_ items: [JSONValue], _ schema: JSONValue, path: String) throws(Violation) {
        guard let itemSchema = schema["items"] else { return }
        for (index, item) in items.enumerated() {
            try check(item, against: itemSchema, path: "\(path)[\(index)]")
        }
    }

    private static func checkCombinations(_ value: JSONValue, _ schema: JSONValue, path: String) throws(Violation) {
        if case .array(let all) = schema["allOf"] {
            for part in all { try check(value, against: part, path: path) }
        }
        for keyword in ["oneOf", "anyOf"] {
            guard case .array(let options) = schema[keyword] else { continue }
            var fitting = 0
            var first: Violation?
            for option in options {
                do {
                    try check(value, against: option, path: path)
                    fitting += 1
                } catch {
                    first = first ?? error
                }
            }
            if fitting == 0, let first { throw first }
            if keyword == "oneOf", fitting > 1 {
                throw Violation(path: path, reason: "fits more than one of the schemas it must fit exactly one of")
            }
        }
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }
}
