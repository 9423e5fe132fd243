import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The effect a plugin's manifest gives each method (`read`, `write`, `destroy`), as a client sees it in
/// `rpc.discover`: a method that gives none is a write, and a manifest with an effect the core does not know
/// is refused, naming the method and the effects it may give.
@Suite(.serialized)
struct PluginMethodEffectTests {
    @Test func rpcDiscoverShowsEachPluginMethodsDeclaredEffectAndWriteWhenItDeclaresNone() async throws {
        let files = try TemporaryDirectory()
        let methods = """
            [{"name": "shape.look", "effect": "read"}, {"name": "shape.shred", "effect": "destroy"},
             {"name": "shape.make"}, {"name": "shape.nothing", "effect": null}]
            """
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: methods)])
        defer { core.stop() }
        try await core.waitUntilReady("shape")

        let answer = try await core.call(#"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#)
        let document = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        let listed = (document?["result"] as? [String: Any])?["methods"] as? [[String: Any]] ?? []
        var effects: [String: String] = [:]
        for method in listed where method["x-provider"] as? String == "shape" {
            effects[method["name"] as? String ?? "?"] = method["x-effect"] as? String
        }
        #expect(
            effects == [
                "shape.look": "read", "shape.shred": "destroy", "shape.make": "write", "shape.nothing": "write",
            ])
    }

    @Test func aManifestWithAnEffectTheCoreDoesNotKnowIsRefusedNamingTheMethod() async throws {
        let files = try TemporaryDirectory()
        let methods = #"[{"name": "shape.look", "effect": "read"}, {"name": "shape.wipe", "effect": "erase"}]"#
        let core = try CoreWithPlugins(plugins: [try SchemaPlugin.write(in: files, methods: methods)])
        defer { core.stop() }

        let listed = try await core.plugin("shape") { $0.state == "failed" }
        let reason = listed?.reason ?? "no reason"
        #expect(
            reason.contains(
                #"method 'shape.wipe': 'effect' must be "read", "write" or "destroy" (absent: write), not "erase""#),
            "\(reason)")
    }
}
