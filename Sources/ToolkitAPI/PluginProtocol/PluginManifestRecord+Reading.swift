public import JSONRPC

extension PluginManifestRecord {
    /// Reads a manifest, refusing what protocol 1 does not allow: a bad name, a version that is not a
    /// string, another protocol, a method named `rpc.…`, a timeout that is not a positive number (one
    /// above a day counts as a day), an option without a known type or with a default of another type.
    /// - Throws: ``PluginManifestError`` saying which member is wrong and why.
    public init(json: JSONValue) throws {
        guard case .object = json else {
            throw PluginManifestError("it is \(json.text.prefix(40)), not an object")
        }
        guard case .string(let name) = json["name"], Self.isValidName(name) else {
            throw PluginManifestError(
                "'name' must be 1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit")
        }
        guard case .string(let version) = json["version"] else {
            throw PluginManifestError("'version' must be a string")
        }
        var declared: Int?
        if let protocolVersion = json["protocol"] {
            guard protocolVersion == .int(PluginProtocol.version) else {
                throw PluginManifestError("'protocol' is \(protocolVersion.text); this core speaks protocol 1")
            }
            declared = PluginProtocol.version
        }
        let important: Bool
        switch json["important"] {
        case nil, .null: important = false
        case .bool(let flag): important = flag
        default: throw PluginManifestError("'important' must be true or false")
        }
        self.init(
            name: name, version: version, protocol: declared,
            methods: try Self.list(json["methods"], "methods").map(PluginMethodRecord.init(json:)),
            subscriptions: try Self.list(json["subscriptions"], "subscriptions").map { value in
                guard case .string(let topic) = value, !topic.isEmpty else {
                    throw PluginManifestError("'subscriptions' must list topic names")
                }
                return topic
            },
            hooks: try Self.list(json["hooks"], "hooks").map(PluginHookRecord.init(json:)),
            options: try PluginOptionRecord.list(from: json["options"]), important: important)
    }

    /// Whether `name` is a plugin name: 1 to 64 of `a-z`, `0-9`, `.`, `_`, `-`, beginning with a letter or
    /// digit.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count) else { return false }
        func allowed(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): !first
            default: false
            }
        }
        return bytes.enumerated().allSatisfy { allowed($0.element, first: $0.offset == 0) }
    }

    /// The items of a list member; none when it is absent or null.
    /// - Throws: ``PluginManifestError`` when it is not a list.
    static func list(_ value: JSONValue?, _ member: String) throws -> [JSONValue] {
        switch value {
        case nil, .null: return []
        case .array(let items): return items
        default: throw PluginManifestError("'\(member)' must be a list")
        }
    }
}
