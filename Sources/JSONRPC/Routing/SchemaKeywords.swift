/// Which JSON Schema keywords ``SchemaValidator`` checks, and the check that a schema uses only those, each
/// with a value of the right kind: a plugin's manifest whose schema says more than the core would check is
/// refused rather than half enforced.
public enum SchemaKeywords {
    /// The keywords that constrain a value, all enforced.
    public static let checked = [
        "type", "enum", "const", "minimum", "maximum", "minLength", "maxLength", "pattern", "format", "minItems",
        "maxItems", "items", "properties", "required", "additionalProperties", "allOf", "anyOf", "oneOf",
    ]
    /// The keywords that only describe (shown by `rpc.discover`, never checked).
    public static let annotations = [
        "description", "title", "default", "examples", "$comment", "$schema", "deprecated", "readOnly", "writeOnly",
    ]
    /// The toolkit's own keywords, which only describe but must have a value of the right kind: `x-path`
    /// (`true`, `false` or `"or-name"`) says whether a property names a file or folder on the core's machine, which
    /// a bridge holds to its roots; `x-destroys` (an object, each member a value of the property and, as a string,
    /// what a call given that value destroys) says which values make a call destroy, which a bridge holds to the
    /// rules of a destroying method.
    public static let extensions = ["x-path", "x-destroys"]
    /// The `type` names.
    public static let types = ["null", "boolean", "integer", "number", "string", "array", "object"]

    /// What is wrong with `schema`, as a clause naming the keyword and where it is (`the keyword
    /// 'patternProperties' (at properties.tags) is not one the core checks`); nil when every keyword is
    /// one ``checked``, ``annotations`` or ``extensions`` lists and has a value of the right kind.
    public static func problem(in schema: JSONValue) -> String? {
        problem(in: schema, at: "")
    }

    private static func problem(in schema: JSONValue, at path: String) -> String? {
        let place = path.isEmpty ? "" : " (at \(path))"
        switch schema {
        case .bool: return nil
        case .object(let members):
            for (keyword, value) in members {
                if annotations.contains(keyword) { continue }
                guard checked.contains(keyword) || extensions.contains(keyword) else {
                    return "the keyword '\(keyword)'\(place) is not one the core checks"
                }
                let inner = path.isEmpty ? keyword : "\(path).\(keyword)"
                if let wrong = problem(keyword, value, at: inner, bad: { "'\(keyword)'\(place) \($0)" }) {
                    return wrong
                }
            }
            return nil
        default:
            return "a schema\(place) is \(schema.text.prefix(40)), not an object, true or false"
        }
    }

    /// What is wrong with one keyword's value, or with a schema inside it; `bad` makes a phrase about the
    /// value itself into a problem naming the keyword.
    private static func problem(
        _ keyword: String, _ value: JSONValue, at path: String, bad: (String) -> String
    ) -> String? {
        switch (keyword, value) {
        case ("type", .string(let name)):
            return types.contains(name) ? nil : bad("names the unknown type '\(name)'")
        case ("type", .array(let names)):
            for name in names {
                guard case .string(let text) = name, types.contains(text) else {
                    return bad("lists \(name.text), which is not a type")
                }
            }
            return nil
        case ("x-path", .bool), ("x-path", .string("or-name")):
            return nil
        case ("x-path", _):
            return bad("must be true, false or \"or-name\", not \(value.text.prefix(40))")
        case ("x-destroys", .object(let values)) where !values.isEmpty:
            return values.allSatisfy({ if case .string(let what) = $0.1 { !what.isEmpty } else { false } })
                ? nil : bad("must give each value what it destroys, as a string")
        case ("x-destroys", _):
            return bad("must be an object of values and what each destroys, not \(value.text.prefix(40))")
        case ("enum", .array), ("const", _):
            return nil
        case ("minimum", .int), ("minimum", .double), ("maximum", .int), ("maximum", .double):
            return nil
        case ("minLength", .int(let count)), ("maxLength", .int(let count)), ("minItems", .int(let count)),
            ("maxItems", .int(let count)):
            return count >= 0 ? nil : bad("must be a whole number of at least 0")
        case ("pattern", .string(let source)):
            do {
                _ = try SchemaPattern(source)
                return nil
            } catch {
                return bad(error.description)
            }
        case ("format", .string(let name)):
            let known = SchemaPattern.formats.keys.sorted().joined(separator: ", ")
            return SchemaPattern.formats[name] == nil ? bad("is '\(name)'; the formats checked are \(known)") : nil
        case ("items", _), ("additionalProperties", _):
            return problem(in: value, at: path)
        case ("properties", .object(let properties)):
            for (name, property) in properties {
                if let wrong = problem(in: property, at: "\(path).\(name)") { return wrong }
            }
            return nil
        case ("required", .array(let names)):
            return names.allSatisfy({ if case .string = $0 { true } else { false } }) ? nil : bad("must list names")
        case ("allOf", .array(let schemas)), ("anyOf", .array(let schemas)), ("oneOf", .array(let schemas)):
            guard !schemas.isEmpty else { return bad("must list at least one schema") }
            for (index, part) in schemas.enumerated() {
                if let wrong = problem(in: part, at: "\(path)[\(index)]") { return wrong }
            }
            return nil
        default:
            return bad("must not be \(value.text.prefix(40))")
        }
    }
}
