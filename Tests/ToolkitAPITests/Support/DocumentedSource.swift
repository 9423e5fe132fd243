import Foundation

/// The types of Swift source files as their text declares them: each type's `///` doc comment, generic
/// parameters, stored and computed properties (with their doc comments and declared types) and type aliases.
///
/// A line scanner, not a parser: it follows braces outside strings and comments, which is all the ToolkitAPI
/// sources need; a declaration it cannot read is left out, never misread.
struct DocumentedSource {
    /// A type, by its name qualified by the types it is nested in (`ExportCreate.Result.Counts`).
    struct TypeDeclaration {
        var doc: String?
        var generics: [String] = []
        var properties: [String: Property] = [:]
    }

    struct Property {
        var doc: String?
        /// The declared type as written, `[String]?`.
        var type: String
        /// `Methods/Pets/PetsCreate.swift:12`, for the report.
        var place: String
    }

    private(set) var types: [String: TypeDeclaration] = [:]
    /// `typealias` targets by qualified name, as written.
    private(set) var aliases: [String: String] = [:]

    /// Every `.swift` file of `Sources/ToolkitAPI`.
    static func toolkitAPI() throws -> DocumentedSource {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ToolkitAPI")
        var source = DocumentedSource()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        for case let url as URL in files ?? .init() where url.pathExtension == "swift" {
            let file = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            source.read(try String(contentsOf: url, encoding: .utf8), file: file)
        }
        return source
    }

    /// Adds the declarations of one file's `text`.
    mutating func read(_ text: String, file: String) {
        var scanner = Scanner()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = scanner.code(of: String(line))
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            defer { scanner.close(code) }
            if trimmed.hasPrefix("///") {
                scanner.doc.append(String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
                continue
            }
            if trimmed.hasPrefix("@") && !trimmed.contains(" ") { continue }  // an attribute: the doc goes on
            let doc = scanner.doc.isEmpty ? nil : scanner.doc.joined(separator: "\n")
            scanner.doc = []
            guard scanner.inCode else { continue }
            if let (kind, name, generics) = Self.typeDeclaration(code) {
                let qualified = kind == "extension" ? name : scanner.qualified(name)
                if kind != "extension" {
                    types[qualified, default: TypeDeclaration()].doc = doc
                    types[qualified]?.generics = generics
                }
                scanner.pending = qualified
            } else if let (name, target) = Self.alias(code), scanner.atTypeLevel {
                aliases[scanner.qualified(name)] = target
            } else if let (name, type) = Self.property(code), scanner.atTypeLevel, let owner = scanner.owner {
                types[owner, default: TypeDeclaration()].properties[name] = Property(
                    doc: doc, type: type, place: "\(file):\(index + 1)")
            }
        }
    }

    /// The declaration that `name` (as written inside `scope`) names: a nested type, one of an enclosing
    /// scope, or a top-level one, with type aliases followed.
    func resolve(_ name: String, from scope: String) -> String? {
        var components = scope.split(separator: ".").map(String.init)
        while true {
            let candidate = (components + [name]).joined(separator: ".")
            if types[candidate] != nil { return candidate }
            if let target = aliases[candidate] {
                return resolve(target, from: components.joined(separator: "."))
            }
            if components.isEmpty { return nil }
            components.removeLast()
        }
    }

    // MARK: Reading declarations

    private static let typeKeywords = ["struct", "enum", "class", "protocol", "actor", "extension"]

    /// `public struct Name<T: P>: …` → `("struct", "Name", ["T"])`.
    static func typeDeclaration(_ code: String) -> (kind: String, name: String, generics: [String])? {
        let words = Self.withoutModifiers(code)
        guard let kind = words.first, typeKeywords.contains(kind), words.count > 1 else { return nil }
        let declared = words[1]
        let name = String(declared.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        guard !name.isEmpty else { return nil }
        var generics: [String] = []
        if let open = code.firstIndex(of: "<"), code.contains("\(name)<") {
            let inside = code[code.index(after: open)...].prefix { $0 != ">" }
            generics = inside.split(separator: ",").map {
                String($0.split(separator: ":")[0]).trimmingCharacters(in: .whitespaces)
            }
        }
        return (kind, name, generics)
    }

    /// `public typealias Name = Target` → `("Name", "Target")`.
    static func alias(_ code: String) -> (name: String, target: String)? {
        let words = Self.withoutModifiers(code)
        guard words.count >= 4, words[0] == "typealias", words[2] == "=" else { return nil }
        return (words[1], words[3...].joined(separator: " "))
    }

    /// `public var name: Type` (stored or computed, not static) → `("name", "Type")`.
    static func property(_ code: String) -> (name: String, type: String)? {
        let words = Self.withoutModifiers(code)
        guard words.count >= 3, words[0] == "var" || words[0] == "let", words[1].hasSuffix(":") else { return nil }
        let name = String(words[1].dropLast())
        var type = words[2...].joined(separator: " ")
        if let end = type.firstIndex(where: { $0 == "=" || $0 == "{" }) { type = String(type[..<end]) }
        return (name, type.trimmingCharacters(in: .whitespaces))
    }

    /// The words of a declaration without its access and other modifiers; nil-like (empty) for a `static` one.
    private static func withoutModifiers(_ code: String) -> [String] {
        let modifiers: Set<String> = [
            "public", "package", "internal", "fileprivate", "private", "private(set)", "public(set)", "final",
            "indirect", "nonisolated", "mutating", "override",
        ]
        let words = code.split(separator: " ").map(String.init).drop { modifiers.contains($0) }
        return words.first == "static" ? [] : Array(words)
    }

    /// Follows braces, strings and comments line by line, and the types the current line is inside.
    private struct Scanner {
        /// The `///` lines read since the last declaration, without their slashes.
        var doc: [String] = []
        /// The type whose `{` is awaited.
        var pending: String?
        /// Open types and the brace depth inside each one's body.
        private var scopes: [(name: String, depth: Int)] = []
        private var depth = 0
        private var inString = false
        private var inBlockComment = false

        /// Whether the line began outside a multi-line string or a block comment.
        private(set) var inCode = true

        var owner: String? { scopes.last?.name }
        /// Directly in a type's body, not in one of its functions or initialisers.
        var atTypeLevel: Bool { scopes.last.map { $0.depth == depth } ?? false }

        func qualified(_ name: String) -> String {
            guard let owner, atTypeLevel else { return name }
            return owner + "." + name
        }

        /// The line's code without comments and string contents; its braces are counted by ``close(_:)``.
        mutating func code(of line: String) -> String {
            inCode = !inString && !inBlockComment
            var code = ""
            var characters = Array(line)[...]
            while let character = characters.first {
                if inBlockComment {
                    if characters.starts(with: "*/") {
                        inBlockComment = false
                        characters = characters.dropFirst(2)
                    } else {
                        characters = characters.dropFirst()
                    }
                } else if inString {
                    if characters.starts(with: "\"\"\"") {
                        inString = false
                        characters = characters.dropFirst(3)
                    } else {
                        characters = characters.dropFirst(character == "\\" ? 2 : 1)
                    }
                } else if characters.starts(with: "//") {
                    break
                } else if characters.starts(with: "/*") {
                    inBlockComment = true
                    characters = characters.dropFirst(2)
                } else if characters.starts(with: "\"\"\"") {
                    inString = true
                    code += "\"\""
                    characters = characters.dropFirst(3)
                } else if character == "\"" {
                    characters = characters.dropFirst()
                    while let inner = characters.first, inner != "\"" {
                        characters = characters.dropFirst(inner == "\\" ? 2 : 1)
                    }
                    characters = characters.dropFirst()
                    code += "\"\""
                } else {
                    code.append(character)
                    characters = characters.dropFirst()
                }
            }
            return code.trimmingCharacters(in: .whitespaces)
        }

        /// Counts the line's braces, opening the pending type's scope at its first `{`.
        mutating func close(_ code: String) {
            for character in code {
                if character == "{" {
                    depth += 1
                    if let name = pending {
                        scopes.append((name, depth))
                        pending = nil
                    }
                } else if character == "}" {
                    if scopes.last?.depth == depth { scopes.removeLast() }
                    depth -= 1
                }
            }
        }
    }
}
