/// A schema's `pattern` (or a checked `format`), compiled once: a regular expression as JSON Schema reads it,
/// which is how the built-in methods' published patterns (`^\d{4}-\d{2}-\d{2}$`) are meant.
///
/// A string fits when the expression matches anywhere in it (anchor with `^` and `$` to match the whole);
/// `$` matches only at the very end; `\d`, `\w` and `\s` are ASCII only, as in ECMA-262, so `２０２４` is not
/// four digits; `.` matches one Unicode scalar, as in ECMA-262's `u` mode.
struct SchemaPattern: @unchecked Sendable {  // Regex is not marked Sendable; it is immutable once compiled.
    let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `source`.
    /// - Throws: the regex parser's error when `source` is not a regular expression.
    init(_ source: String) throws {
        self.source = source
        regex = try Regex(source).asciiOnlyDigits().asciiOnlyWhitespace().asciiOnlyWordCharacters()
            .matchingSemantics(.unicodeScalar)
        _ = "".firstMatch(of: regex)  // compiles the matcher now, not on first use from several threads
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
