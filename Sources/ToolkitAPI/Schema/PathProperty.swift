public import JSONRPC

/// A params property that names files or folders on the core's machine, as its schema says with `"x-path"`; a
/// bridge (`toolkit mcp`) holds every path such a property names to its roots.
///
/// A built-in method's property is one only when its schema says so (`"x-path": true`, or `"or-name"`). A plugin's
/// may say so too; besides, a plugin's string property named `path`, `file`, `dir` or `directory`, or ending in
/// `Path`, `File` or `Dir`, is one unless its schema says `"x-path": false`: a plugin that forgets to mark a path
/// does not open a way around the roots.
public enum PathProperty: Sendable, Hashable {
    /// Its value names a file or folder: the string, or each string of an array (`"x-path": true`).
    case path
    /// A value with a `/` names a file or folder; one without is the name of something the core knows (a plugin's,
    /// for `plugins.start`) and no file (`"x-path": "or-name"`).
    case pathOrName

    /// The schema keyword that says it.
    public static let keyword = "x-path"
    /// The names that make a plugin's string property a path, whole.
    public static let pathNames: Set<String> = ["path", "file", "dir", "directory"]
    /// The endings that make a plugin's string property a path (`backupPath`, `configFile`, `outputDir`).
    public static let pathEndings = ["Path", "File", "Dir"]

    /// What the property `name` with `schema` names; nil when it names no file.
    /// - Parameters:
    ///   - name: the property's name.
    ///   - schema: its JSON Schema.
    ///   - byPlugin: whether a plugin's manifest declared it, so that its name alone may make it a path.
    public init?(name: String, schema: JSONValue, byPlugin: Bool) {
        switch schema[Self.keyword] {
        case .bool(true)?: self = .path
        case .string("or-name")?: self = .pathOrName
        case .bool(false)?: return nil
        default:
            guard byPlugin, Self.namesAPath(name), Self.mayBeAString(schema) else { return nil }
            self = .path
        }
    }

    /// Whether a plugin's property called `name` counts as a path by its name.
    public static func namesAPath(_ name: String) -> Bool {
        pathNames.contains(name) || pathEndings.contains { name.count > $0.count && name.hasSuffix($0) }
    }

    /// The paths `value` names: the string, or each string of an array; of ``pathOrName``, only those with a `/`.
    public func paths(in value: JSONValue) -> [String] {
        var strings: [String] = []
        switch value {
        case .string(let text): strings = [text]
        case .array(let items): for case .string(let text) in items { strings.append(text) }
        default: break
        }
        return self == .pathOrName ? strings.filter { $0.contains("/") } : strings
    }

    /// Whether `schema` lets the value be a string: its `type` is `string`, lists it, or is not said.
    private static func mayBeAString(_ schema: JSONValue) -> Bool {
        switch schema["type"] {
        case nil: true
        case .string(let type)?: type == "string"
        case .array(let types)?: types.contains(.string("string"))
        default: false
        }
    }
}
