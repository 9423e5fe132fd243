import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// A plugin method's params schema as a client meets it through the built core: every keyword the manifest may
/// use is enforced (`pattern` with the built-ins' reading of it), a call that does not fit gets -32602 with
/// `data.field` and `data.reason`, `progress` passes whatever its value, and a manifest whose schema uses a
/// keyword the core would not check is refused, naming it.
@Suite(.serialized)
struct PluginParamsSchemaTests {
    static let methods = #"""
        [{"name": "shape.check", "description": "Answers its params.",
          "params": {"type": "object", "additionalProperties": false, "required": ["day"], "properties": {
            "day": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "A day, YYYY-MM-DD."},
            "code": {"type": "string", "pattern": "[A-Z]{3}"},
            "title": {"type": "string", "maxLength": 5},
            "count": {"type": "integer", "minimum": 1},
            "id": {"type": "string", "format": "uuid"}}},
          "result": {"type": "object", "properties": {"day": {"type": "string"}}}}]
        """#

    @Test func patternAndEveryOtherKeywordAreEnforced() async throws {
        let files = try TemporaryDirectory()
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: Self.methods)])
        defer { core.stop() }
        try await core.waitUntilReady("shape")

        let fits = try await core.call(
            #"{"jsonrpc":"2.0","id":1,"method":"shape.check","params":{"day":"2024-05-01","code":"xABCx"}}"#)
        #expect(fits == #"{"jsonrpc":"2.0","result":{"day": "2024-05-01", "code": "xABCx"},"id":1}"#)

        let cases: [(params: String, answer: String)] = [
            (
                #"{"day":"May 1"}"#,
                #""message":"'day' does not match the pattern ^\\d{4}-\\d{2}-\\d{2}$.","#
                    + #""data":{"field":"day","reason":"invalid"}"#
            ),
            // \d means the ASCII digits, as the built-in methods read their days.
            (#"{"day":"２０２４-05-01"}"#, #""data":{"field":"day","reason":"invalid"}"#),
            (#"{"day":"2024-05-01","code":"abc"}"#, #""data":{"field":"code","reason":"invalid"}"#),
            (#"{}"#, #""message":"'day' is required.","data":{"field":"day","reason":"missing"}"#),
            (#"{"day":5}"#, #""message":"'day' must be string, not a number.","data":{"field":"day","reason":"type"}"#),
            (#"{"day":null}"#, #""data":{"field":"day","reason":"null"}"#),
            (
                #"{"day":"2024-05-01","title":"산책하는 보리"}"#,
                #""message":"'title' is 7 characters; the limit is 5.","#
                    + #""data":{"field":"title","reason":"invalid","limit":5,"length":7}"#
            ),
            (#"{"day":"2024-05-01","count":0}"#, #""data":{"field":"count","reason":"invalid"}"#),
            (
                #"{"day":"2024-05-01","id":"not-a-uuid"}"#,
                #""message":"'id' is not a uuid (a UUID).","data":{"field":"id","reason":"invalid"}"#
            ),
            (#"{"day":"2024-05-01","colour":"red"}"#, #""data":{"field":"colour","reason":"invalid"}"#),
        ]
        for (index, test) in cases.enumerated() {
            let answer = try await core.call(
                #"{"jsonrpc":"2.0","id":\#(index),"method":"shape.check","params":\#(test.params)}"#)
            #expect(answer.contains(#""code":-32602"#) && answer.contains(test.answer), "\(test.params): \(answer)")
        }
    }

    @Test func progressPassesWhateverItsValueAndWhateverTheSchemaSays() async throws {
        let files = try TemporaryDirectory()
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: Self.methods)])
        defer { core.stop() }
        try await core.waitUntilReady("shape")

        for progress in [#""yes""#, "true", "1"] {
            let answer = try await core.call(
                #"{"jsonrpc":"2.0","id":1,"method":"shape.check","#
                    + #""params":{"day":"2024-05-01","progress":\#(progress)}}"#
            )
            #expect(
                answer == #"{"jsonrpc":"2.0","result":{"day": "2024-05-01", "progress": \#(progress)},"id":1}"#,
                "\(answer)")
        }
    }

    @Test(arguments: [
        (
            #"{"type": "object", "patternProperties": {"^x": {"type": "string"}}}"#,
            "in its 'params' schema, the keyword 'patternProperties' is not one the core checks"
        ),
        (
            #"{"type": "object", "properties": {"tags": {"type": "array", "uniqueItems": true}}}"#,
            "in its 'params' schema, the keyword 'uniqueItems' (at properties.tags) is not one the core checks"
        ),
        (
            #"{"type": "object", "properties": {"day": {"type": "string", "pattern": "(unclosed"}}}"#,
            "in its 'params' schema, 'pattern' (at properties.day) is not a regular expression"
        ),
        (
            #"{"type": "object", "properties": {"when": {"type": "string", "format": "email"}}}"#,
            "in its 'params' schema, 'format' (at properties.when) is 'email'; the formats checked are date, "
                + "date-time, uuid"
        ),
        (#"{"type": "strin"}"#, "in its 'params' schema, 'type' names the unknown type 'strin'"),
        (
            #"{"type": "object", "properties": {"path": {"type": "string", "x-path": "yes"}}}"#,
            #"in its 'params' schema, 'x-path' (at properties.path) must be true, false or "or-name", not "yes""#
        ),
        (
            #"{"type": "object", "properties": {"mode": {"type": "string", "x-destroys": {"purge": 1}}}}"#,
            "in its 'params' schema, 'x-destroys' (at properties.mode) must give each value what it destroys, "
                + "as a string"
        ),
        // Thousands of nested classes would overflow the regex parser's stack: refused before it reads them.
        (
            #"{"properties": {"day": {"pattern": "\#(String(repeating: "[", count: 5000))"}}}"#,
            "in its 'params' schema, 'pattern' (at properties.day) nests groups or classes more than 32 deep"
        ),
    ])
    func aSchemaKeywordTheCoreWouldNotCheckRefusesTheManifest(schema: String, reason: String) async throws {
        let files = try TemporaryDirectory()
        let methods = #"[{"name": "shape.check", "params": \#(schema)}]"#
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: methods)])
        defer { core.stop() }

        let listed = try await core.plugin("shape") { $0.state == "failed" }
        #expect(listed?.state == "failed")
        #expect(
            listed?.reason?.contains("The manifest is not valid: method 'shape.check': \(reason)") == true,
            "\(listed?.reason ?? "no reason")")
    }

    @Test func aResultSchemaIsCheckedAsASchemaToo() async throws {
        let files = try TemporaryDirectory()
        let methods = ##"[{"name": "shape.check", "result": {"type": "object", "$ref": "#/defs/x"}}]"##
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: methods)])
        defer { core.stop() }

        let listed = try await core.plugin("shape") { $0.state == "failed" }
        #expect(
            listed?.reason?.contains("method 'shape.check': in its 'result' schema, the keyword '$ref' is not one")
                == true, "\(listed?.reason ?? "no reason")")
    }

    /// A manifest may say which params name files (`"x-path"`); rpc.discover shows it as the manifest wrote it.
    @Test func aManifestMarksItsPathParamsAndRPCDiscoverShowsIt() async throws {
        let files = try TemporaryDirectory()
        let methods = #"""
            [{"name": "shape.copy", "params": {"type": "object", "properties": {
                "from": {"type": "string", "x-path": true}, "path": {"type": "string", "x-path": false}}}}]
            """#
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: methods)])
        defer { core.stop() }
        try await core.waitUntilReady("shape")

        let answer = try await core.call(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)
        let document = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        let methodList = (document?["result"] as? [String: Any])?["methods"] as? [[String: Any]] ?? []
        let method = try #require(methodList.first { $0["name"] as? String == "shape.copy" })
        let params = try #require(method["params"] as? [[String: Any]])
        let marks = params.map { ($0["schema"] as? [String: Any])?["x-path"] as? Bool }
        #expect(params.map { $0["name"] as? String } == ["from", "path"])
        #expect(marks == [true, false])
    }

    @Test func rpcDiscoverListsAPluginMethodsParamsAndResultAsABuiltInsAre() async throws {
        let files = try TemporaryDirectory()
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: Self.methods)])
        defer { core.stop() }
        try await core.waitUntilReady("shape")

        let answer = try await core.call(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)
        let document = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        let methods = (document?["result"] as? [String: Any])?["methods"] as? [[String: Any]] ?? []
        let method = try #require(methods.first { $0["name"] as? String == "shape.check" })
        let params = try #require(method["params"] as? [[String: Any]])
        try #require(params.count == 5, "\(params)")
        #expect(params.map { $0["name"] as? String } == ["code", "count", "day", "id", "title"])
        #expect(params.map { $0["required"] as? Bool } == [false, false, true, false, false])
        #expect(params.map { $0["description"] as? String } == [nil, nil, "A day, YYYY-MM-DD.", nil, nil])
        let day = params[2]["schema"] as? [String: Any]
        #expect(day?["pattern"] as? String == #"^\d{4}-\d{2}-\d{2}$"#)
        let result = (method["result"] as? [String: Any])?["schema"] as? [String: Any]
        #expect((result?["properties"] as? [String: Any])?["day"] != nil, "\(method)")
        #expect(method["x-provider"] as? String == "shape")
        // The schema's additionalProperties: false, which the descriptors cannot carry.
        #expect(method["x-additionalParams"] as? Bool == false)
        let ping = try #require(methods.first { $0["name"] as? String == "system.ping" })
        #expect(ping["x-additionalParams"] == nil)
    }
}
