import Foundation
import JSONRPC
import Testing
import ToolkitAPI

/// Every method's hand-written schemas say what its `Params` and `Result` types really read and write.
struct SchemaAgreementTests {
    static let names = MethodCatalogue.methods.map { $0.name }

    @Test(arguments: names)
    func schemasAgreeWithTheTypes(_ name: String) throws {
        let method = try #require(MethodCatalogue.methods.first { $0.name == name })
        let problems = try Self.problems(of: method)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    @Test func everyMethodIsListedOnceAndNamedNounDotVerb() {
        #expect(Set(Self.names).count == Self.names.count)
        for name in Self.names {
            #expect(name.split(separator: ".").count == 2, "\(name)")
        }
    }

    /// The check finds what it is there to find: a member the schema lacks, wrong `required`s, a type
    /// mismatch, and a result member that can be null but is not declared so.
    @Test func aSchemaThatDisagreesIsReported() throws {
        let problems = try Self.problems(of: Disagreeing.self)
        #expect(problems.contains { $0.contains("params.extra: the type has it") })
        #expect(problems.contains { $0.contains("params.name: the type reads it as required") })
        #expect(problems.contains { $0.contains("params.count: the type reads integer") })
        #expect(problems.contains { $0.contains("result.note: it can be null") })
        #expect(problems.contains { $0.contains("result.gone: the schema has it") })
        #expect(problems.contains { $0.contains("params.count: the type reads it as required") })
        #expect(problems.count == 6, "\(problems)")
    }

    static func problems<M: APIMethod>(of method: M.Type) throws -> [String] {
        var agreement = SchemaAgreement()
        agreement.params(try TypeShape.of(M.Params.self).shape, schema: M.paramsSchema.json)
        let (shape, sample) = try TypeShape.of(M.Result.self)
        agreement.result(shape, sample: try encoded(sample), schema: M.resultSchema.json)
        return agreement.problems
    }

    /// The sample as the core writes it: through its own JSON writer when it has one, as the registry does.
    static func encoded(_ value: some Encodable) throws -> JSONValue {
        if let writable = value as? any JSONWritable {
            var writer = JSONWriter()
            writable.write(to: &writer)
            return try JSONDecoder().decode(JSONValue.self, from: Data(writer.bytes))
        }
        return try RawJSON(encoding: value).decode(JSONValue.self)
    }
}

/// A method whose schemas disagree with its types in four ways.
private enum Disagreeing: APIMethod {
    static let name = "test.disagree"
    static let summary = "Disagrees."
    static let paramsSchema = JSONSchema.object(["name": .string(), "count": .string()])
    static let resultSchema = JSONSchema.object(["note": .string(), "gone": .string()])

    struct Params: Codable, Hashable, Sendable {
        var name: String
        var count: Int
        var extra: Bool?
    }

    struct Result: Codable, Sendable {
        var note: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(note, forKey: .note)
        }
    }
}
