import JSONRPC
import Testing
import ToolkitPlugin

/// The manifest the SDK answers `getmanifest` with, made from what the plugin registered.
struct PluginManifestTests {
    /// A method's result schema is its description's; a method that describes none (`test.options`) has no
    /// `result` in the manifest. Each method's effect is its description's (`test.wait` says none: write) or
    /// the one it was registered with (`test.options`).
    @Test func manifestListsMethodsHooksSubscriptionsAndOptionsFromTheirTypes() throws {
        let plugin = try FixturePlugin.make()

        let manifest = plugin.manifest.json

        let expected: JSONValue = [
            "name": "fixture", "version": "0.1.0", "protocol": 1,
            "methods": [
                [
                    "name": "test.wait", "description": "Waits, then answers.",
                    "params": [
                        "type": "object",
                        "properties": ["seconds": ["type": "integer", "minimum": 0]],
                        "required": ["seconds"], "additionalProperties": false,
                    ],
                    "result": ["type": "object", "properties": ["waited": ["type": "boolean"]]],
                    "timeout": 1.5, "effect": "write",
                ],
                [
                    "name": "test.options", "description": "Says the options.",
                    "params": ["type": "object", "properties": [:]], "effect": "read",
                ],
            ],
            "subscriptions": ["entry.*"],
            "hooks": [["name": "entry.beforeSave", "timeout": 2, "onFailure": "reject", "after": ["spell-check"]]],
            "options": [
                "greeting": ["type": "string", "default": "hello", "description": "What test.options says."],
                "repeats": ["type": "integer", "default": 1],
            ],
            "important": true,
        ]
        #expect(manifest.text == expected.text)
    }

    @Test func getmanifestAnswersTheSameManifestOverThePipes() async throws {
        let plugin = try FixturePlugin.make()

        let answered = try await withPipedPlugin(plugin) { client in try await handshake(client) }

        #expect(answered.sortedText == plugin.manifest.json.sortedText)
    }
}
