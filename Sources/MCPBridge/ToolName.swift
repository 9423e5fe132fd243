/// Tool names every MCP client accepts (`^[a-zA-Z0-9_-]{1,64}$`; some reject the dots of `pets.create`), made
/// from method names: each other character becomes `_`, a name is cut at 64 characters, and a name already
/// taken gets `_2`, `_3`, … so that two methods never share a tool.
struct ToolNamer {
    static let maximumLength = 64
    private var taken: Set<String> = []

    /// The tool name of `method`, unique among those this namer gave.
    mutating func name(for method: String) -> String {
        var base = String(method.unicodeScalars.map { Self.isAllowed($0) ? Character($0) : "_" })
        if base.isEmpty { base = "tool" }
        base = String(base.prefix(Self.maximumLength))
        var name = base
        var suffix = 2
        while taken.contains(name) {
            let tail = "_\(suffix)"
            name = String(base.prefix(Self.maximumLength - tail.count)) + tail
            suffix += 1
        }
        taken.insert(name)
        return name
    }

    /// Whether `name` is one every client accepts.
    static func isValid(_ name: String) -> Bool {
        (1...maximumLength).contains(name.unicodeScalars.count) && name.unicodeScalars.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }
}
