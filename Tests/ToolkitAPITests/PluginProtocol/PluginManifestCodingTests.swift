import Foundation
import JSONRPC
import Testing
import ToolkitAPI

/// Protocol 1's manifest as both sides see it: what the SDK writes the host reads back equal, the example of
/// docs/plugins.md reads as it says, and what protocol 1 refuses is refused with the reason the host shows.
struct PluginManifestCodingTests {
    static let manifest = PluginManifestRecord(
        name: "on-this-day", version: "1.0.0",
        methods: [
            PluginMethodRecord(
                name: "memories.onThisDay", description: "Entries and photos from this day in earlier years.",
                params: ["type": "object", "properties": ["date": ["type": "string"]]], timeout: .seconds(30),
                effect: .read),
            PluginMethodRecord(name: "memories.count", timeout: .milliseconds(1001)),
            PluginMethodRecord(name: "memories.forget", effect: .destroy),
        ],
        subscriptions: ["entry.created", "photo.*"],
        hooks: [
            PluginHookRecord(
                name: "photo.beforeImport", timeout: .milliseconds(2500), onFailure: .reject, after: ["x"]),
            PluginHookRecord(name: "entry.beforeSave"),
        ],
        // In name order: the shared encoder writes an object's members sorted, so the host reads them so.
        options: [
            PluginOptionRecord(name: "label", kind: .string, defaultValue: "memories"),
            PluginOptionRecord(name: "years", kind: .integer, defaultValue: 5, description: "How many years back."),
        ],
        important: true)

    /// The first ```json block of docs/plugins.md: the manifest example.
    static func documentedManifest() throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/plugins.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// An effect the manifest leaves out stays left out (the host counts it as a write); null reads as absent.
    @Test func anAbsentEffectStaysAbsentAndADeclaredOneRoundTrips() throws {
        let written = try RawJSON(encoding: Self.manifest).decode(JSONValue.self)
        guard case .array(let methods)? = written["methods"] else {
            Issue.record("no methods in \(written.text)")
            return
        }
        #expect(methods.map { $0["effect"] } == ["read", nil, "destroy"])

        let null = try PluginMethodRecord(json: ["name": "a.b", "effect": .null])
        #expect(null.effect == nil)
        #expect(null.json["effect"] == nil)
    }

    @Test func aManifestReadsBackEqualToWhatWasWritten() throws {
        let written = try RawJSON(encoding: Self.manifest)

        let read = try written.decode(PluginManifestRecord.self)

        #expect(read == Self.manifest)
        #expect(try RawJSON(encoding: read) == written)
    }

    /// Regression: the SDK wrote a timeout of 1001 ms as 1.001, which the host read as 1000 ms (1.001 × 1000
    /// is 1000.999… in binary, and the milliseconds were truncated).
    @Test(arguments: [1001, 1003, 2345, 1])
    func aTimeoutInMillisecondsSurvivesTheTrip(milliseconds: Int) throws {
        let manifest = PluginManifestRecord(
            name: "t", version: "1", methods: [PluginMethodRecord(name: "t.a", timeout: .milliseconds(milliseconds))],
            hooks: [PluginHookRecord(name: "entry.beforeSave", timeout: .milliseconds(milliseconds))])

        let read = try RawJSON(encoding: manifest).decode(PluginManifestRecord.self)

        #expect(read.methods.first?.timeout == .milliseconds(milliseconds))
        #expect(read.hooks.first?.deadline == .milliseconds(milliseconds))
    }

    @Test func theDocumentedExampleReadsAsDocsPluginsMdSaysIt() throws {
        let read = try RawJSON(unchecked: Self.documentedManifest()).decode(PluginManifestRecord.self)

        #expect(read.name == "on-this-day")
        #expect(read.version == "1.0.0")
        #expect(read.protocol == 1)
        #expect(read.methods.map(\.name) == ["memories.onThisDay"])
        #expect(read.methods.first?.timeout == .seconds(30))
        #expect(read.methods.first?.effect == .read)
        #expect(read.methods.first?.params?["properties"]?["date"]?["pattern"] == #"^\d{4}-\d{2}-\d{2}$"#)
        #expect(read.methods.first?.result?["properties"]?["count"] == ["type": "integer"])
        #expect(read.subscriptions == ["entry.created", "photo.*"])
        #expect(
            read.hooks == [
                PluginHookRecord(
                    name: "photo.beforeImport", timeout: .seconds(5), onFailure: .continue, before: ["other-plugin"]),
                PluginHookRecord(name: "entry.beforeSave"),
            ])
        #expect(read.hooks.map(\.deadline) == [.seconds(5), .seconds(5)])
        #expect(
            read.options == [
                PluginOptionRecord(
                    name: "years", kind: .integer, defaultValue: 10, description: "How many years back to look.")
            ])
        #expect(read.important == false)
        #expect(try RawJSON(encoding: read).decode(PluginManifestRecord.self) == read)
    }

    @Test func aBareHookIsWrittenAsItsNameAndADeclaredOneAsAnObject() throws {
        #expect(PluginHookRecord(name: "entry.beforeSave").json == "entry.beforeSave")
        #expect(
            PluginHookRecord(name: "entry.beforeSave", timeout: .seconds(2), onFailure: .reject).json
                == ["name": "entry.beforeSave", "timeout": 2, "onFailure": "reject"])
        #expect(PluginHookRecord(name: "h", timeout: .seconds(90)).deadline == .seconds(60))
    }

    @Test(arguments: [
        (#"[1]"#, "it is [1], not an object"),
        (
            #"{"name":"Bad Name","version":"1"}"#,
            "'name' must be 1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit"
        ),
        (#"{"name":"a","version":1}"#, "'version' must be a string"),
        (#"{"name":"a","version":"1","protocol":2}"#, "'protocol' is 2; this core speaks protocol 1"),
        (
            #"{"name":"a","version":"1","methods":[{"name":"rpc.x"}]}"#,
            "method 'rpc.x': names beginning 'rpc.' are the protocol's"
        ),
        (
            #"{"name":"a","version":"1","methods":[{"name":"a.b","timeout":0}]}"#,
            "method 'a.b': 'timeout' must be a number of seconds above 0"
        ),
        (
            #"{"name":"a","version":"1","methods":[{"name":"a.b","effect":"erase"}]}"#,
            #"method 'a.b': 'effect' must be "read", "write" or "destroy" (absent: write), not "erase""#
        ),
        (
            #"{"name":"a","version":"1","methods":[{"name":"a.b","effect":1}]}"#,
            #"method 'a.b': 'effect' must be "read", "write" or "destroy" (absent: write), not 1"#
        ),
        (
            #"{"name":"a","version":"1","hooks":[{"name":"h","onFailure":"maybe"}]}"#,
            #"hook 'h': 'onFailure' must be "continue" or "reject""#
        ),
        (
            #"{"name":"a","version":"1","options":{"o":{"type":"date"}}}"#,
            "option 'o' needs a 'type' of string, integer, number or boolean"
        ),
        (
            #"{"name":"a","version":"1","options":{"o":{"type":"integer","default":"x"}}}"#,
            #"option 'o' defaults to "x", not a integer"#
        ),
        (#"{"name":"a","version":"1","important":"yes"}"#, "'important' must be true or false"),
    ])
    func aManifestProtocolOneRefusesSaysWhy(json: String, reason: String) {
        #expect(throws: PluginManifestError(reason)) {
            try RawJSON(unchecked: json).decode(PluginManifestRecord.self)
        }
    }
}
