public import JSONRPC

extension APISchema {
    /// A string that names a file or folder on the core's machine (`"x-path": true`), which a bridge holds to its
    /// roots (``PathProperty``).
    public static func path(description: String) -> JSONSchema {
        .raw(.object([("type", "string"), ("description", .string(description)), (PathProperty.keyword, .bool(true))]))
    }

    /// A list of strings, each naming a file or folder on the core's machine (`"x-path": true`).
    public static func paths(description: String) -> JSONSchema {
        .raw(
            .object([
                ("type", "array"), ("items", ["type": "string"]), ("description", .string(description)),
                (PathProperty.keyword, .bool(true)),
            ]))
    }

    /// A string that names a file or folder on the core's machine when it holds a `/`, and otherwise the name of
    /// something the core knows (`"x-path": "or-name"`).
    public static func pathOrName(description: String) -> JSONSchema {
        .raw(
            .object([
                ("type", "string"), ("description", .string(description)), (PathProperty.keyword, .string("or-name")),
            ]))
    }
}
