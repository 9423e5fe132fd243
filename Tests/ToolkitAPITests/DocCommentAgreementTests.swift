import Foundation
import JSONRPC
import Testing
import ToolkitAPI

/// What Swift callers read in a ToolkitAPI doc comment and what `rpc.discover` tells scripts about the same
/// field say the same thing.
///
/// The ToolkitAPI sources are read as text (``DocumentedSource``) and walked beside each method's params and
/// result schemas, nested objects, array items and groups written flat into an object (``RecordCounts`` in
/// ``ArchiveCounts``) too: a field whose schema has a `description` needs a `///` doc comment whose first
/// paragraph is that description, or, on a type several methods share that describe the field each in its own
/// words (``RecordID``), one of whose paragraphs is. Code voice (backticks, quotes), a capital first letter and
/// a final full stop do not count. A field the schema does not describe may document itself freely. Every
/// params and result type declared in ToolkitAPI has a doc comment.
struct DocCommentAgreementTests {
    static let names = MethodCatalogue.methods.map { $0.name }
    static let source = Result { try DocumentedSource.toolkitAPI() }
    /// The params and result types more than one method names.
    static let shared: Set<String> = {
        let types = MethodCatalogue.methods.flatMap { method in
            [method.paramsTypeName, method.resultTypeName].map { generic($0).base }
        }
        return Set(types.filter { type in types.count { $0 == type } > 1 })
    }()

    @Test(arguments: names)
    func docCommentsSayWhatTheSchemaSays(_ name: String) throws {
        let method = try #require(MethodCatalogue.methods.first { $0.name == name })
        let problems = Self.problems(of: method, in: try Self.source.get())
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    @Test func theSourcesAreRead() throws {
        let source = try Self.source.get()
        #expect(source.types["ExportCreate.Result.Counts"]?.properties["files"]?.doc != nil)
        #expect(source.types["PageRecord"]?.generics == ["Item"])
        #expect(source.resolve("Counts", from: "ArchiveRestore.Result") == "ExportCreate.Result.Counts")
        var problems: [String] = []
        let notes = JSONSchema.object(["notes": .integer(description: "Something else.")])
        Self.compare("ArchiveCounts", schema: notes.json, path: "result", in: source, into: &problems)
        #expect(problems.contains { $0.contains("result.notes (Records/RecordCounts.swift:") }, "\(problems)")
    }

    /// The check finds what it is there to find: a described field without a doc comment, one whose doc
    /// comment says something else, a nested one, and an undocumented params type.
    @Test func aDocCommentThatDisagreesIsReported() {
        var source = DocumentedSource()
        source.read(
            """
            public enum Disagreeing {
                public struct Params {
                    /// The first one.
                    public var first: String
                    public var second: Int?
                    /// Whatever it likes.
                    public var third: Bool
                    /// The inner one.
                    ///
                    /// More about it.
                    public var inner: [Inner]
                }

                /// What it answers.
                public struct Inner {
                    /// A `name`.
                    public var name: String
                }
            }
            """, file: "Disagreeing.swift")
        let schema = JSONSchema.object([
            "first": .string(description: "The first one, and more."), "second": .integer(description: "Second."),
            "third": .boolean(),
            "inner": .array(
                of: .object(["name": .string(description: "Another name.")]), description: "The inner one."),
        ])
        var problems: [String] = []
        Self.compare("Disagreeing.Params", schema: schema.json, path: "params", in: source, into: &problems)
        #expect(problems.contains { $0.contains("params.first") && $0.contains("The first one, and more.") })
        #expect(problems.contains { $0.contains("params.second") && $0.contains("no doc comment") })
        #expect(problems.contains { $0.contains("params.inner[].name") && $0.contains("Another name.") })
        #expect(problems.contains { $0.contains("Disagreeing.Params has no doc comment") })
        #expect(problems.count == 4, "\(problems)")
    }

    static func problems<M: APIMethod>(of method: M.Type, in source: DocumentedSource) -> [String] {
        var problems: [String] = []
        compare(Self.name(of: M.Params.self), schema: M.paramsSchema.json, path: "params", in: source, into: &problems)
        compare(Self.name(of: M.Result.self), schema: M.resultSchema.json, path: "result", in: source, into: &problems)
        return problems
    }

    /// Compares the declaration of `typeName` (`PageRecord<PetRecord>`) with `schema`, and the types of its
    /// fields with the fields' schemas.
    static func compare(
        _ typeName: String, schema: JSONValue, path: String, in source: DocumentedSource,
        into problems: inout [String]
    ) {
        let (base, arguments) = Self.generic(typeName)
        if base == "Swift.Optional", let wrapped = arguments.first {
            return compare(wrapped, schema: schema, path: path, in: source, into: &problems)
        }
        if base == "Swift.Array", let element = arguments.first, let items = member("items", of: schema) {
            return compare(element, schema: items, path: path + "[]", in: source, into: &problems)
        }
        guard let type = source.types[base] else { return }  // not ToolkitAPI's: a String, a JSONValue
        if type.doc == nil, ["params", "result", "result[]"].contains(path) {
            problems.append("\(path): \(base) has no doc comment")
        }
        let bindings = Dictionary(zip(type.generics, arguments), uniquingKeysWith: { first, _ in first })
        guard case .object(let fields)? = Self.member("properties", of: schema) else { return }
        // A stored group the schema does not name (`records: RecordCounts`) is written flat into the object.
        let groups = type.properties.filter { name, _ in !fields.contains { $0.0 == name } }.values.compactMap {
            source.resolve(Self.elementName($0.type), from: base).flatMap { source.types[$0] }
        }
        for (field, fieldSchema) in fields {
            let found = type.properties[field] ?? groups.lazy.compactMap { $0.properties[field] }.first
            guard let property = found else { continue }  // membership is SchemaAgreement's
            let fieldPath = "\(path).\(field)"
            if case .string(let description)? = Self.member("description", of: fieldSchema) {
                if let doc = property.doc {
                    let paragraphs = Self.paragraphs(of: doc)
                    let first = paragraphs.first ?? ""
                    let allowed = Self.shared.contains(base) ? paragraphs : [first]
                    if !allowed.contains(where: { Self.normalized($0) == Self.normalized(description) }) {
                        problems.append(
                            "\(fieldPath) (\(property.place)): the doc comment says \"\(first)\", the schema "
                                + "\"\(description)\"")
                    }
                } else {
                    problems.append(
                        "\(fieldPath) (\(property.place)): no doc comment; the schema says \"\(description)\"")
                }
            }
            let element = Self.elementName(property.type)
            guard let inner = bindings[element] ?? source.resolve(element, from: base) else { continue }
            if property.type.hasPrefix("["), let items = member("items", of: fieldSchema) {
                compare(inner, schema: items, path: fieldPath + "[]", in: source, into: &problems)
            } else {
                compare(inner, schema: fieldSchema, path: fieldPath, in: source, into: &problems)
            }
        }
    }

    /// `ToolkitAPI.PageRecord<ToolkitAPI.PetRecord>` → `PageRecord<PetRecord>`.
    static func name(of type: Any.Type) -> String {
        String(reflecting: type).replacingOccurrences(of: "ToolkitAPI.", with: "")
    }

    /// `PageRecord<PetRecord>` → `("PageRecord", ["PetRecord"])`.
    static func generic(_ name: String) -> (base: String, arguments: [String]) {
        guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return (name, []) }
        let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return (String(name[..<open]), inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// `[NoteSummaryRecord]?` → `NoteSummaryRecord`.
    static func elementName(_ declared: String) -> String {
        declared.trimmingCharacters(in: CharacterSet(charactersIn: "?[] "))
    }

    /// The doc comment's paragraphs, each on one line.
    static func paragraphs(of doc: String) -> [String] {
        doc.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }
    }

    /// Without code voice, the first letter's case, a final full stop and runs of white space.
    static func normalized(_ text: String) -> String {
        var words = text.filter { $0 != "`" && $0 != "\"" }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if words.hasSuffix(".") { words.removeLast() }
        return words.prefix(1).lowercased() + words.dropFirst()
    }

    static func member(_ name: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.0 == name }?.1
    }
}

extension APIMethod {
    static var paramsTypeName: String { DocCommentAgreementTests.name(of: Params.self) }
    static var resultTypeName: String { DocCommentAgreementTests.name(of: Result.self) }
}
