import JSONRPC
import Testing
import ToolkitAPI

/// The records that carry a table's rows (pets, albums, photos, entries, voice notes, sounds, settings): the
/// members each reads through its `CodingKeys`, the members it writes, and the properties of its schema in
/// ``APISchema`` are the same names. With `TableAgreementTests` (a table against its row type) and
/// `WireAgreementTests` (a table against its record), a column added to one of them fails until all agree.
struct WireRecordSchemaTests {
    /// A record, its schema, and the members it leaves out when they are unset (the rest it writes as `null`).
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var schema: JSONSchema
        var omittedWhenUnset: Set<String> = []
        var shape: @Sendable () throws -> (read: Set<String>, written: Set<String>)

        var testDescription: String { name }

        init<Record: WireRecord & Sendable>(
            _ type: Record.Type, _ schema: JSONSchema, omittedWhenUnset: Set<String> = []
        ) {
            name = "\(Record.self)"
            self.schema = schema
            self.omittedWhenUnset = omittedWhenUnset
            shape = {
                let (shape, sample) = try TypeShape.of(Record.self)
                guard case .object(let fields) = shape else { return ([], []) }
                return (Set(fields.keys), WireRecordSchemaTests.keys(of: try SchemaAgreementTests.encoded(sample)))
            }
        }
    }

    static let cases: [Case] = [
        Case(PetRecord.self, APISchema.pet),
        Case(AlbumRecord.self, APISchema.album),
        Case(PhotoRecord.self, APISchema.photo, omittedWhenUnset: ["duplicate"]),
        Case(EntryRecord.self, APISchema.entry),
        Case(NoteRecord.self, APISchema.note),
        Case(SoundRecord.self, APISchema.sound),
        Case(SettingsRecord.self, APISchema.settings),
    ]

    @Test(arguments: cases)
    func theRecordReadsAndWritesItsSchemasProperties(_ record: Case) throws {
        let (read, written) = try record.shape()
        let problems = Self.problems(
            record.name, read: read, written: written, properties: Self.keys(of: Self.properties(of: record.schema)),
            omittedWhenUnset: record.omittedWhenUnset)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    /// The check names what disagrees: a member the schema lacks, a property the record does not read, one it
    /// does not write.
    @Test func aRecordThatDisagreesIsReported() {
        let problems = Self.problems(
            "PetRecord", read: ["id", "name", "color"], written: ["id"], properties: ["id", "name"],
            omittedWhenUnset: [])
        #expect(
            problems == [
                "PetRecord reads [\"color\"], which its schema has no property for",
                "PetRecord does not write [\"name\"], which its schema has",
            ])
    }

    static func problems(
        _ name: String, read: Set<String>, written: Set<String>, properties: Set<String>,
        omittedWhenUnset: Set<String>
    ) -> [String] {
        var problems: [String] = []
        let unschemed = read.union(written).subtracting(properties).sorted()
        let unread = properties.subtracting(read).sorted()
        let unwritten = properties.subtracting(written).subtracting(omittedWhenUnset).sorted()
        if !unschemed.isEmpty {
            let verb = Set(unschemed).isSubset(of: read) ? "reads" : "writes"
            problems.append("\(name) \(verb) \(unschemed), which its schema has no property for")
        }
        if !unread.isEmpty { problems.append("\(name) does not read \(unread), which its schema has") }
        if !unwritten.isEmpty { problems.append("\(name) does not write \(unwritten), which its schema has") }
        return problems
    }

    static func properties(of schema: JSONSchema) -> JSONValue {
        SchemaAgreement.member("properties", of: schema.json) ?? .object([])
    }

    static func keys(of value: JSONValue) -> Set<String> {
        guard case .object(let members) = value else { return [] }
        return Set(members.map(\.0))
    }
}
