import JSONRPC
import Testing

@testable import ToolkitWeb

/// Params that name files on the core's machine are refused over HTTP; everything else goes to the core.
struct PathRuleTests {
    @Test(arguments: [
        ("photos.import", #"{"albumId":"a","path":"/home/me/.ssh/id_ed25519"}"#, "path"),
        ("photos.importMany", #"{"albumId":"a","paths":["/etc/passwd"]}"#, "paths"),
        ("photos.importMany", #"{"albumId":"a","directory":"/etc"}"#, "directory"),
        ("export.create", #"{"path":"/home/me/.bashrc"}"#, "path"),
        ("sounds.import", #"{"path":"relative.wav"}"#, "path"),
        ("archive.create", #"{"to":"/tmp/x"}"#, "to"),
        ("plugins.start", #"{"path":"/tmp/evil-plugin"}"#, "path"),
        ("someplugin.write", #"{"outputDir":"/etc"}"#, "outputDir"),
        ("someplugin.write", #"{"file":"/etc/shadow"}"#, "file"),
        ("export.create", #"["/home/me/out.tar.zst"]"#, "path"),
    ])
    func aParamThatNamesAFileIsRefused(method: String, params: String, field: String) throws {
        let request = RPCRequest(method: method, id: .number(1), params: RawJSON(unchecked: params))
        let refusal = try #require(PathRule().refusal(of: request))
        #expect(refusal.code == .invalidParams)
        #expect(refusal.message.contains("POST /api/upload"))
        let data = try #require(try refusal.data?.decode(JSONValue.self))
        #expect(data["field"] == .string(field))
        #expect(data["reason"] == .string("path-over-http"))
    }

    @Test(arguments: [
        ("photos.import", #"{"albumId":"a","data":"/9j/4AAQ","filename":"walk.jpg"}"#),
        ("photos.import", #"{"albumId":"a","url":"https://example.org/a.jpg","publicOnly":true}"#),
        ("plugins.start", #"{"path":"on-this-day"}"#),
        ("diary.create", #"{"title":"path","body":"/etc/passwd is a file"}"#),
        ("pets.get", #"["00000000-0000-0000-0000-000000000000"]"#),
        ("someplugin.read", #"{"query":"/etc"}"#),
        ("system.ping", "null"),
    ])
    func everythingElseGoesToTheCore(method: String, params: String) {
        let request = RPCRequest(method: method, id: .number(1), params: RawJSON(unchecked: params))
        #expect(PathRule().refusal(of: request) == nil)
    }
}
