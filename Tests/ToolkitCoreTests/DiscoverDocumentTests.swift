import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `rpc.discover` is an OpenRPC 1.2.6 document whose every schema is a well-formed JSON Schema (draft 7, as
/// OpenRPC 1.2 uses), and it describes each built-in method exactly as the catalogue does.
struct DiscoverDocumentTests {
    @Test func theDocumentIsOpenRPCAndItsSchemasAreWellFormed() async throws {
        try await withCore(.inProcess) { core in
            let client = try await core.rpcClient()
            let document = try await client.call(RPCDiscover.self)
            await client.close()

            #expect(document["openrpc"] == "1.2.6")
            #expect(document["info"]?["title"] == "toolkit")
            guard case .array(let methods)? = document["methods"] else {
                Issue.record("no methods array")
                return
            }
            var problems: [String] = []
            for method in methods {
                guard case .string(let name)? = method["name"] else {
                    problems.append("a method without a name")
                    continue
                }
                guard case .array(let params)? = method["params"] else {
                    problems.append("\(name): no params array")
                    continue
                }
                for param in params {
                    guard case .string(let paramName)? = param["name"], case .bool? = param["required"],
                        let schema = param["schema"]
                    else {
                        problems.append("\(name): a param without name, required or schema")
                        continue
                    }
                    problems += JSONSchemaShape.problems(in: schema, at: "\(name).\(paramName)")
                }
                guard let result = method["result"]?["schema"], case .string? = method["result"]?["name"] else {
                    problems.append("\(name): no result with a name and schema")
                    continue
                }
                problems += JSONSchemaShape.problems(in: result, at: "\(name) result")
            }
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    @Test func theSchemaCheckFindsWhatIsWrong() {
        let bad: JSONValue = .object([
            ("type", "strin"), ("properties", .object([("a", .object([("minimum", "one")]))])), ("required", ["b"]),
        ])
        let problems = JSONSchemaShape.problems(in: bad, at: "t")
        #expect(problems.count == 3, "\(problems)")
        #expect(
            JSONSchemaShape.problems(in: JSONSchema.object(["a": .nullable(.integer())], required: ["a"]).json, at: "t")
                == [])
    }

    @Test func everyCatalogueMethodIsDescribedAsTheCatalogueSays() async throws {
        try await withCore(.inProcess) { core in
            let methods = try await Self.discoveredMethods(core)
            for description in MethodCatalogue.methods {
                let method = try #require(methods.first { $0["name"] == .string(description.name) })
                #expect(method["summary"] == .string(description.summary), "\(description.name)")
                #expect(
                    method["result"]?["schema"].map(JSONSchemaShape.sorted)
                        == JSONSchemaShape.sorted(description.resultSchema.json),
                    "\(description.name)")
                #expect(method["x-provider"] == "builtin")
                #expect(method["x-effect"] == .string(description.effect.rawValue), "\(description.name)")
            }
        }
    }

    @Test func everyMethodSaysItsEffectAndOnlyTheDeletingOnesDestroy() async throws {
        try await withCore(.inProcess) { core in
            let methods = try await Self.discoveredMethods(core)
            var destroying: Set<String> = []
            for method in methods {
                guard case .object(let members) = method, case .string(let name)? = method["name"] else {
                    Issue.record("a method without a name")
                    continue
                }
                #expect(members.contains { $0.0 == "x-provider" }, "\(name)")
                guard case .string(let said)? = method["x-effect"], let effect = RPCMethodEffect(rawValue: said)
                else {
                    Issue.record("\(name): x-effect is \(method["x-effect"]?.text ?? "missing")")
                    continue
                }
                if effect == .destroy { destroying.insert(name) }
            }
            #expect(
                destroying == [
                    "pets.delete", "albums.delete", "photos.delete", "diary.delete", "diary.deleteAll",
                    "sounds.delete", "notes.delete", "archive.prune", "archive.restore",
                ])
            #expect(methods.first { $0["name"] == "system.ping" }?["x-effect"] == "read")
            #expect(methods.first { $0["name"] == "pets.create" }?["x-effect"] == "write")
        }
    }

    /// `import.bundle`'s `onConflict` says that `replace` destroys, so a bridge can hold such a call to a
    /// destroying method's rules without knowing the method.
    @Test func importBundleSaysWhichConflictChoiceDestroys() async throws {
        try await withCore(.inProcess) { core in
            let methods = try await Self.discoveredMethods(core)
            let method = try #require(methods.first { $0["name"] == .string(ImportBundle.name) })
            guard case .array(let params)? = method["params"] else { throw TestFailure("no params array") }
            let onConflict = try #require(params.first { $0["name"] == "onConflict" })
            #expect(
                onConflict["schema"]?[DestroyingValues.keyword]
                    == ["replace": "overwrites the diary's records with the bundle's"])
            #expect(params.filter { $0["schema"]?[DestroyingValues.keyword] != nil }.count == 1)
        }
    }

    /// The methods of the core's `rpc.discover` document.
    /// - Throws: ``ToolkitTestSupport/TestFailure`` when the document has no methods array.
    private static func discoveredMethods(_ core: TestCore) async throws -> [JSONValue] {
        let client = try await core.rpcClient()
        let document = try await client.call(RPCDiscover.self)
        await client.close()
        guard case .array(let methods)? = document["methods"] else { throw TestFailure("no methods array") }
        return methods
    }
}

/// A well-formedness check of the JSON Schema keywords `JSONSchema` writes (draft 7): known keywords only,
/// each with a value of the right kind, `required` naming declared properties.
enum JSONSchemaShape {
    static let types: Set<String> = ["string", "integer", "number", "boolean", "array", "object", "null"]

    /// The value with every object's members in key order, to compare documents whatever order they came in.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, sorted($0.1)) })
        case .array(let values): .array(values.map(sorted))
        default: value
        }
    }

    static func problems(in schema: JSONValue, at path: String) -> [String] {
        guard case .object(let members) = schema else { return ["\(path): a schema must be an object"] }
        var problems: [String] = []
        var properties: Set<String> = []
        for (keyword, value) in members {
            switch (keyword, value) {
            case ("type", .string(let type)):
                if !types.contains(type) { problems.append("\(path): unknown type \(type)") }
            case ("type", .array(let list)):
                for case .string(let type) in list where !types.contains(type) {
                    problems.append("\(path): unknown type \(type)")
                }
            case ("description", .string), ("format", .string), ("pattern", .string), ("const", _):
                break
            case ("minimum", .int), ("maximum", .int), ("minimum", .double), ("maximum", .double):
                break
            case ("items", let items):
                problems += Self.problems(in: items, at: path + "[]")
            case ("oneOf", .array(let alternatives)):
                for (index, alternative) in alternatives.enumerated() {
                    problems += Self.problems(in: alternative, at: "\(path)|\(index)")
                }
            case ("properties", .object(let declared)):
                for (name, property) in declared {
                    properties.insert(name)
                    problems += Self.problems(in: property, at: "\(path).\(name)")
                }
            case ("required", .array):
                break
            case ("x-path", .bool(true)), ("x-path", .string("or-name")):
                // The toolkit's mark of a param that names a file on the core's machine.
                break
            case ("x-destroys", .object(let values)) where !values.isEmpty:
                // The toolkit's mark of the values that make a call destroy.
                for (name, what) in values {
                    guard case .string = what else {
                        problems.append("\(path): x-destroys gives \(name) \(what.text), not a string")
                        continue
                    }
                }
            default:
                problems.append("\(path): keyword \(keyword) with \(value.text) is not one this check knows")
            }
        }
        if case .array(let required)? = schema["required"] {
            for case .string(let name) in required where !properties.contains(name) {
                problems.append("\(path): requires \(name), which it does not declare")
            }
        }
        return problems
    }
}
