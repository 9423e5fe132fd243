/// Checks a JSON value against a JSON Schema given as JSON: what the core does with a plugin method's
/// declared `params` before it forwards a call, so a plugin gets only what it declared.
///
/// It checks every keyword ``SchemaKeywords/checked`` lists: `type` (one or a list), `enum`, `const`,
/// `minimum`, `maximum`, `minLength`, `maxLength` (in characters), `pattern` (see ``SchemaPattern``),
/// `format` (`date`, `date-time`, `uuid`), `minItems`, `maxItems`, `items`, `properties`, `required`,
/// `additionalProperties` (false or a schema), `allOf`, `anyOf` and `oneOf`. Annotations (`description`,
/// `title`, `default`, …) check nothing; ``SchemaKeywords/problem(in:)`` finds any other keyword, which a
/// plugin's manifest may not use. A schema that is not an object (or `true`) accepts everything; `false`
/// accepts nothing.
public struct SchemaValidator: Sendable {
    /// Why a value does not fit: the path of the member (`tags[2]`, `when.from`; empty for the whole
    /// value) and a sentence.
    public struct Violation: Error, Sendable, Hashable {
        public var path: String
        public var reason: String
        /// What kind of misfit, as -32602's `data.reason` says it: `missing`, `type`, `null` or `invalid`.
        public var kind: String = "invalid"
        /// For a length or a count out of bounds: the bound, and the value's length or count.
        public var limit: Int?
        public var length: Int?
    }

    public let schema: JSONValue
    /// Every `pattern` in the schema, compiled once.
    private let patterns: [String: SchemaPattern]

    public init(schema: JSONValue) {
        self.schema = schema
        var patterns: [String: SchemaPattern] = [:]
        Self.collectPatterns(in: schema, into: &patterns)
        self.patterns = patterns
    }

    /// Throws the first violation found, or returns when `value` fits.
    public func validate(_ value: JSONValue) throws(Violation) {
        try check(value, against: schema, path: "")
    }

    /// Checks `params` (absent counts as `{}`) and turns a violation into -32602 with `data.field` naming the
    /// member, `data.reason`, and `data.limit` and `data.length` for a length or count out of bounds.
    public func validateParams(_ params: JSONValue?) throws(RPCError) {
        do {
            try validate(params ?? .object([]))
        } catch {
            let field = error.path.isEmpty ? nil : error.path
            let subject = field.map { "'\($0)'" } ?? "params"
            var extra: [(String, JSONValue)] = [("reason", .string(error.kind))]
            if let limit = error.limit { extra.append(("limit", .int(limit))) }
            if let length = error.length { extra.append(("length", .int(length))) }
            throw RPCError.invalidParams("\(subject) \(error.reason).", field: field, extra: extra)
        }
    }

    private static func collectPatterns(in schema: JSONValue, into patterns: inout [String: SchemaPattern]) {
        switch schema {
        case .object(let members):
            for (keyword, value) in members {
                if keyword == "pattern", case .string(let source) = value {
                    patterns[source] = try? SchemaPattern(source)
                } else {
                    collectPatterns(in: value, into: &patterns)
                }
            }
        case .array(let items):
            for item in items { collectPatterns(in: item, into: &patterns) }
        default:
            break
        }
    }

    private func check(_ value: JSONValue, against schema: JSONValue, path: String) throws(Violation) {
        if case .bool(false) = schema { throw Violation(path: path, reason: "is not allowed") }
        guard case .object = schema else { return }
        try Self.checkType(value, schema["type"], path: path)
        if let allowed = schema["enum"], case .array(let options) = allowed, !options.contains(value) {
            throw Violation(path: path, reason: "must be one of \(allowed.text)")
        }
        if let constant = schema["const"], constant != value {
            throw Violation(path: path, reason: "must be \(constant.text)")
        }
        try Self.checkBounds(value, schema, path: path)
        if case .string(let text) = value { try checkText(text, schema, path: path) }
        switch value {
        case .object(let members): try checkObject(members, schema, path: path)
        case .array(let items): try checkArray(items, schema, path: path)
        default: break
        }
        try checkCombinations(value, schema, path: path)
    }

    /// `pattern` and `format`.
    private func checkText(_ text: String, _ schema: JSONValue, path: String) throws(Violation) {
        if case .string(let source) = schema["pattern"] {
            guard let pattern = patterns[source] else {
                throw Violation(path: path, reason: "cannot be checked: the pattern \(source) does not compile")
            }
            if !pattern.matches(text) {
                throw Violation(path: path, reason: "does not match the pattern \(source)")
            }
        }
        if case .string(let format) = schema["format"], let pattern = SchemaPattern.formats[format],
            !pattern.matches(text)
        {
            throw Violation(path: path, reason: "is not a \(format) (\(Self.formatExample[format] ?? format))")
        }
    }

    private static let formatExample = [
        "date": "YYYY-MM-DD", "date-time": "an RFC 3339 time, 2024-05-01T09:30:00Z", "uuid": "a UUID",
    ]

    private static func checkType(_ value: JSONValue, _ type: JSONValue?, path: String) throws(Violation) {
        let names: [String]
        switch type {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: return
        }
        guard !names.contains(where: { matches(value, type: $0) }) else { return }
        throw Violation(
            path: path, reason: "must be \(names.joined(separator: " or ")), not \(typeName(value))",
            kind: value == .null ? "null" : "type")
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
                throw Violation(
                    path: path, reason: "is \(length) characters; at least \(Int(minimum)) are needed",
                    limit: Int(minimum), length: length)
            }
            if let maximum = number(schema["maxLength"]), Double(length) > maximum {
                throw Violation(
                    path: path, reason: "is \(length) characters; the limit is \(Int(maximum))", limit: Int(maximum),
                    length: length)
            }
        }
        if case .array(let items) = value {
            if let minimum = number(schema["minItems"]), Double(items.count) < minimum {
                throw Violation(
                    path: path, reason: "has \(items.count) items; at least \(Int(minimum)) are needed",
                    limit: Int(minimum), length: items.count)
            }
            if let maximum = number(schema["maxItems"]), Double(items.count) > maximum {
                throw Violation(
                    path: path, reason: "has \(items.count) items; the limit is \(Int(maximum))", limit: Int(maximum),
                    length: items.count)
            }
        }
    }

    private func checkObject(
        _ members: [(String, JSONValue)], _ schema: JSONValue, path: String
    ) throws(Violation) {
        let properties: [(String, JSONValue)]
        if case .object(let declared) = schema["properties"] { properties = declared } else { properties = [] }
        if case .array(let required) = schema["required"] {
            for case .string(let name) in required where !members.contains(where: { $0.0 == name }) {
                throw Violation(path: Self.join(path, name), reason: "is required", kind: "missing")
            }
        }
        for (name, member) in members {
            let memberPath = Self.join(path, name)
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

    private func checkArray(_ items: [JSONValue], _ schema: JSONValue, path: String) throws(Violation) {
        guard let itemSchema = schema["items"] else { return }
        for (index, item) in items.enumerated() {
            try check(item, against: itemSchema, path: "\(path)[\(index)]")
        }
    }

    private func checkCombinations(_ value: JSONValue, _ schema: JSONValue, path: String) throws(Violation) {
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
