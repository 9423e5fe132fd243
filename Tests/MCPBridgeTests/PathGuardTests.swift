import Foundation
import JSONRPC
import Testing

@testable import MCPBridge

@Suite struct PathGuardTests {
    /// The path params of a method whose params are `properties` (name and schema), a plugin's or not.
    static func params(
        _ properties: [(String, JSONValue)], byPlugin: Bool = false, closed: Bool = false
    ) -> PathParams {
        PathParams(
            descriptors: properties.map { .object([("name", .string($0.0)), ("schema", $0.1)]) }, byPlugin: byPlugin,
            closed: closed)
    }

    @Test func pathsAreResolvedThroughLinksAndDotDotBeforeTheyAreCompared() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pathguard-\(UUID())").path
        let root = base + "/root"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/secret", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: base + "/secret")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let real = PathGuard.resolved(base)

        #expect(PathGuard.resolved(root + "/new/photo.jpg") == real + "/root/new/photo.jpg")
        #expect(PathGuard.resolved(root + "/link/key") == real + "/secret/key")
        #expect(PathGuard.resolved(root + "/../secret/./key") == real + "/secret/key")

        func refusal(_ path: String) -> String? {
            PathGuard.refusal(
                method: "photos.import", arguments: [("path", .string(path))],
                params: Self.params([("path", ["type": "string", "x-path": true])]), roots: [root])
        }
        #expect(refusal(root + "/photo.jpg") == nil)
        #expect(refusal(root) == nil)
        #expect(refusal(root + "/link/key")?.contains("outside the roots") == true)
        #expect(refusal(root + "/../secret/key")?.contains("outside the roots") == true)
        #expect(refusal(root + "-sibling/photo.jpg")?.contains("outside the roots") == true)
        #expect(refusal("photo.jpg")?.contains("not an absolute path") == true)
    }

    @Test func everyPathOfAListIsCheckedAndAPluginNameIsNoPath() {
        let many: [(String, JSONValue)] = [("paths", ["/srv/photos/a.jpg", "/etc/shadow"])]
        let listed = Self.params([("paths", ["type": "array", "x-path": true])])
        #expect(
            PathGuard.refusal(method: "photos.importMany", arguments: many, params: listed, roots: ["/srv/photos"])
                != nil)
        let orName = Self.params([("path", ["type": "string", "x-path": "or-name"])])
        #expect(
            PathGuard.refusal(method: "plugins.start", arguments: [("path", "hello")], params: orName, roots: []) == nil
        )
        #expect(
            PathGuard.refusal(method: "plugins.start", arguments: [("path", "/tmp/x")], params: orName, roots: [])
                != nil)
        // A built-in's param is a path only when its schema says so.
        let unmarked = Self.params([("path", ["type": "string"])])
        #expect(
            PathGuard.refusal(method: "pets.create", arguments: [("path", "/etc")], params: unmarked, roots: []) == nil)
    }

    /// A plugin's string param named as a path is one unless its schema says `"x-path": false`; so is a param its
    /// schema does not list, when the schema takes any.
    @Test func aPluginsParamNamedAsAPathIsHeldToTheRoots() {
        func refused(_ name: String, _ schema: JSONValue, byPlugin: Bool = true, closed: Bool = false) -> Bool {
            let params = Self.params(
                [(name, schema), ("title", ["type": "string"])], byPlugin: byPlugin, closed: closed)
            return PathGuard.refusal(method: "x.y", arguments: [(name, "/etc/passwd")], params: params, roots: ["/srv"])
                != nil
        }
        for name in ["path", "file", "dir", "directory", "backupPath", "configFile", "outputDir"] {
            #expect(refused(name, ["type": "string"]), "\(name)")
            #expect(!refused(name, ["type": "string", "x-path": false]), "\(name)")
            #expect(!refused(name, ["type": "string"], byPlugin: false), "\(name)")
        }
        for name in ["title", "profile", "Path", "paths", "filename"] {
            #expect(!refused(name, ["type": "string"]), "\(name)")
        }
        #expect(!refused("path", ["type": "integer"]))
        #expect(refused("label", ["type": "string", "x-path": true]))

        let open = Self.params([("title", ["type": "string"])], byPlugin: true)
        #expect(PathGuard.refusal(method: "x.y", arguments: [("file", "/etc/passwd")], params: open, roots: []) != nil)
        let closed = Self.params([("title", ["type": "string"])], byPlugin: true, closed: true)
        #expect(closed.isEmpty)
        let anyParams = PathParams(
            descriptors: [["name": "params", "required": true, "schema": ["type": "object"]]], byPlugin: true,
            closed: false)
        #expect(PathGuard.refusal(method: "x.y", arguments: [("dir", "/etc")], params: anyParams, roots: []) != nil)
    }

    @Test func fileRootURIsBecomePaths() {
        let uris = ["file:///home/me/Pictures", "file:///tmp/with%20space", "https://example.com/x"]
        #expect(PathGuard.paths(ofRootURIs: uris) == ["/home/me/Pictures", "/tmp/with space"])
    }
}
