/// A schema's `pattern` (or a checked `format`), compiled once: a regular expression as JSON Schema reads it,
/// which is how the built-in methods' published patterns (`^\d{4}-\d{2}-\d{2}$`) are meant.
///
/// A string fits when the expression matches anywhere in it (anchor with `^` and `$` to match the whole);
/// `$` matches only at the very end; `\d`, `\w` and `\s` are ASCII only, as in ECMA-262, so `２０２４` is not
/// four digits; `.` matches one Unicode scalar, as in ECMA-262's `u` mode.
struct SchemaPattern: @unchecked Sendable {  // Regex is not marked Sendable; it is immutable once compiled.
    let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Why a pattern cannot be used, as a phrase (`is not a regular expression: …`).
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The longest pattern, in characters, and the deepest nesting of groups and classes accepted: the regex
    /// parser recurses per level, and a few thousand nested `[` overflow a thread's stack.
    static let maximumLength = 1_000
    static let maximumNesting = 32

    /// Compiles `source`.
    /// - Throws: ``Refusal`` when `source` is too long, nests too deep, or is not a regular expression.
    init(_ source: String) throws(Refusal) {
        self.source = source
        guard Self.nesting(of: source) <= Self.maximumNesting else {
            throw Refusal(description: "nests groups or classes more than \(Self.maximumNesting) deep")
        }
        guard source.count <= Self.maximumLength else {
            throw Refusal(description: "is longer than \(Self.maximumLength) characters")
        }
        do {
            regex = try Regex(source).asciiOnlyDigits().asciiOnlyWhitespace().asciiOnlyWordCharacters()
                .matchingSemantics(.unicodeScalar)
        } catch {
            throw Refusal(description: "is not a regular expression: \(error)")
        }
        _ = "".firstMatch(of: regex)  // compiles the matcher now, not on first use from several threads
    }

    /// The deepest nesting of `(` and `[` in `source`, escapes skipped (an over-count inside a class is fine:
    /// it only refuses a stranger pattern).
    private static func nesting(of source: String) -> Int {
        var depth = 0
        var deepest = 0
        var escaped = false
        for scalar in source.unicodeScalars {
            if escaped {
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "(", "[":
                depth += 1
                deepest = max(deepest, depth)
            case ")", "]": depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }

    /// Whether the expression matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        text.firstMatch(of: regex) != nil
    }

    /// The `format` values the core checks, each as the pattern a string of it fits.
    static let formats: [String: SchemaPattern] = {
        let day = #"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])"#
        let sources = [
            "date": "^\(day)$",
            "date-time":
                #"^\#(day)[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$"#,
            "uuid": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$",
        ]
        return sources.mapValues { try! SchemaPattern($0) }
    }()
}
