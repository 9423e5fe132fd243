import JSONRPC
import Testing
import ToolkitAPI

@testable import MCPBridge

@Suite struct ToolCatalogueTests {
    /// An `rpc.discover` answer as the core writes it: a built-in with a progress param, a plugin method whose
    /// result is a string, a destroying method and the methods that are not tools.
    static let discovery: JSONValue = [
        "openrpc": "1.2.6",
        "methods": [
            [
                "name": "photos.importMany", "summary": "Imports many photos.", "paramStructure": "by-name",
                "params": [
                    ["name": "albumId", "required": true, "schema": ["type": "string"]],
                    [
                        "name": "progress", "description": "Send progress notifications.", "required": false,
                        "schema": ["type": "boolean"],
                    ],
                    [
                        "name": "recursive", "description": "Into subfolders.", "required": false,
                        "schema": ["type": "boolean"],
                    ],
                    ["name": "directory", "required": false, "schema": ["type": "string", "x-path": true]],
                ],
                "result": [
                    "name": "result", "schema": ["type": "object", "properties": ["items": ["type": "array"]]],
                ],
                "x-provider": "builtin", "x-effect": "write",
            ],
            [
                "name": "hello.say", "summary": "Greets.",
                "params": [["name": "params", "required": true, "schema": true]],
                "result": ["name": "result", "schema": ["type": "string"]], "x-provider": "hello",
            ],
            [
                "name": "pets.delete", "summary": "Deletes a pet.", "params": [],
                "result": ["name": "result", "schema": true], "x-provider": "builtin", "x-effect": "destroy",
            ],
            ["name": "rpc.cancel", "summary": "", "params": [], "x-effect": "write"],
            ["name": "events.subscribe", "summary": "", "params": [], "x-effect": "read"],
        ],
    ]

    @Test func eachMethodIsOneToolInNameOrderWithoutTheConnectionMethods() throws {
        let catalogue = try ToolCatalogue(discovery: Self.discovery)
        #expect(catalogue.tools.map(\.tool.name) == ["hello_say", "pets_delete", "photos_importMany"])
        #expect(catalogue.tool(named: "pets_delete")?.method == "pets.delete")
        #expect(catalogue.tool(named: "rpc_cancel") == nil)
    }

    /// What a call destroys by its arguments comes from the params' `"x-destroys"`, whoever declares it, and is
    /// said as the refusal says it.
    @Test func destroyingArgumentsComeFromTheSchemas() throws {
        let discovery: JSONValue = [
            "methods": [
                [
                    "name": "import.bundle", "summary": "Merges a bundle.",
                    "params": [
                        ["name": "path", "required": true, "schema": ["type": "string", "x-path": true]],
                        [
                            "name": "onConflict", "required": false,
                            "schema": [
                                "type": "string",
                                "x-destroys": ["replace": "overwrites the diary's records with the bundle's"],
                            ],
                        ],
                    ],
                    "x-provider": "builtin", "x-effect": "write",
                ],
                [
                    "name": "tidy.run", "summary": "Tidies.",
                    "params": [["name": "purge", "required": false, "schema": ["type": "string"]]],
                    "x-provider": "tidy",
                ],
            ]
        ]
        let catalogue = try ToolCatalogue(discovery: discovery)
        let bundle = try #require(catalogue.tool(named: "import_bundle")).destroyingArguments
        #expect(bundle.keys.sorted() == ["onConflict"])
        #expect(
            DestroyingArguments.destruction(
                method: "import.bundle", arguments: [("path", "/b.tar.zst"), ("onConflict", "replace")], rules: bundle)
                == #"import.bundle with onConflict "replace" overwrites the diary's records with the bundle's"#)
        #expect(
            DestroyingArguments.destruction(
                method: "import.bundle", arguments: [("onConflict", "skip")], rules: bundle) == nil)
        #expect(try #require(catalogue.tool(named: "tidy_run")).destroyingArguments.isEmpty)
    }

    /// The params that name files come from the schemas: a built-in's that say `"x-path"`, and, for a plugin's
    /// method that takes any params, any named as a path.
    @Test func pathParamsComeFromTheSchemas() throws {
        let catalogue = try ToolCatalogue(discovery: Self.discovery)
        let importMany = try #require(catalogue.tool(named: "photos_importMany")).pathParams
        #expect(importMany.property("directory") == .path)
        #expect(importMany.property("albumId") == nil && importMany.property("path") == nil)
        let hello = try #require(catalogue.tool(named: "hello_say")).pathParams
        #expect(hello.property("file") == .path && hello.property("name") == nil)
        #expect(try #require(catalogue.tool(named: "pets_delete")).pathParams.isEmpty)
    }

    @Test func theInputSchemaIsAnObjectWithoutProgressAndCarriesTheDescriptions() throws {
        let tool = try #require(try ToolCatalogue(discovery: Self.discovery).tool(named: "photos_importMany"))
        #expect(tool.takesProgress)
        let input = tool.tool.inputSchema
        #expect(input["type"] == "object")
        #expect(input["properties"]?["progress"] == nil)
        #expect(input["properties"]?["recursive"]?["description"] == "Into subfolders.")
        #expect(input["required"] == ["albumId"])
        #expect(!tool.wrapsResult)
        #expect(tool.tool.outputSchema["properties"]?["items"] == ["type": "array"])
        #expect(input["additionalProperties"] == nil)
    }

    @Test func aMethodThatRefusesOtherParamsGivesAToolThatDoesToo() throws {
        let closed: JSONValue = [
            "methods": [
                [
                    "name": "shape.check", "summary": "Checks.",
                    "params": [["name": "day", "required": true, "schema": ["type": "string"]]],
                    "x-provider": "shape", "x-effect": "read", "x-additionalParams": false,
                ]
            ]
        ]
        let tool = try #require(try ToolCatalogue(discovery: closed).tool(named: "shape_check"))
        #expect(tool.tool.inputSchema["additionalProperties"] == false)
        #expect(tool.tool.inputSchema["required"] == ["day"])
    }

    @Test func aResultThatIsNotAnObjectIsWrappedAndAPluginMethodCountsAsAWrite() throws {
        let tool = try #require(try ToolCatalogue(discovery: Self.discovery).tool(named: "hello_say"))
        #expect(tool.effect == .write)
        #expect(tool.wrapsResult)
        #expect(tool.tool.inputSchema == ["type": "object"])
        let output = tool.tool.outputSchema
        #expect(output["required"] == ["result"])
        #expect(output["properties"]?["result"] == ["type": "string"])
        #expect(tool.tool.description == "Greets. (plugin hello)")
        #expect(ToolSchema.structuredContent("hi", wrapped: true) == ["result": "hi"])
    }

    @Test func theEffectBecomesTheAnnotations() throws {
        let catalogue = try ToolCatalogue(discovery: Self.discovery)
        let delete = try #require(catalogue.tool(named: "pets_delete"))
        #expect(delete.effect == .destroy)
        #expect(delete.tool.annotations.destructiveHint == true)
        #expect(delete.tool.annotations.readOnlyHint == false)
        let importMany = try #require(catalogue.tool(named: "photos_importMany"))
        #expect(importMany.tool.annotations.destructiveHint == false)
    }

    @Test func aDocumentWithoutMethodsIsRefused() {
        #expect(throws: ToolCatalogueError.self) { try ToolCatalogue(discovery: ["openrpc": "1.2.6"]) }
    }
}
