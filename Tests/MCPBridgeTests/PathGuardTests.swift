import Foundation
import JSONRPC
import Testing

@testable import MCPBridge

@Suite struct PathGuardTests {
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
            PathGuard.refusal(method: "photos.import", arguments: [("path", .string(path))], roots: [root])
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
        #expect(PathGuard.refusal(method: "photos.importMany", arguments: many, roots: ["/srv/photos"]) != nil)
        let named: [(String, JSONValue)] = [("path", "hello")]
        #expect(PathGuard.refusal(method: "plugins.start", arguments: named, roots: []) == nil)
        #expect(PathGuard.refusal(method: "pets.create", arguments: [("path", "/etc")], roots: []) == nil)
    }

    @Test func fileRootURIsBecomePaths() {
        let uris = ["file:///home/me/Pictures", "file:///tmp/with%20space", "https://example.com/x"]
        #expect(PathGuard.paths(ofRootURIs: uris) == ["/home/me/Pictures", "/tmp/with space"])
    }
}
