import Foundation
import JSONRPC
import Logging
import PetDiary
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// The use cases seen from a client: the typed events arrive with the topics and the JSON they always
/// had, and a hook's refusal is answered with its mapping.
struct UseCaseOverSocketTests {
    /// Refuses GIFs, as a plugin's `photo.beforeImport` might.
    struct NoGIFs: DiaryHooks {
        func beforeImport(_ photo: PhotoProposal) async throws -> HookDecision<PhotoProposal> {
            photo.mediaType == "image/gif" ? .reject("No GIFs in this diary; send a JPEG or PNG.") : .continue(nil)
        }
    }

    /// A core on a temp directory with `hooks`, listening.
    private func listeningCore(hooks: any DiaryHooks = ContinuingHooks()) async throws -> (Core, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let configuration = ToolkitConfiguration(
            socketPath: directory.appending("run/toolkit.sock"), dataDirectory: directory.appending("data"))
        let core = try Core(
            configuration: configuration, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            hooks: hooks)
        try await core.server.listen()
        return (core, directory)
    }

    /// The `result` of a response line, as its JSON text, and the `data` of an event line.
    private func member(_ name: String, of line: String?) throws -> String {
        let line = try #require(line)
        let start = try #require(line.range(of: "\"\(name)\":"))
        var text = String(line[start.upperBound...])
        text.removeLast(name == "result" ? #","id":1}"#.count : 2)
        return text
    }

    /// The `id` of a record's JSON.
    private func id(of json: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String)
    }

    @Test func eventsCarryTheRecordsAsTheMethodsReturnThem() async throws {
        let (core, scratch) = try await listeningCore()
        defer { withExtendedLifetime(scratch) {} }
        let watcher = try LineClient(path: core.configuration.socketPath)
        try watcher.send(#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["*"]}}"# + "\n")
        _ = await watcher.readLine()
        let client = try LineClient(path: core.configuration.socketPath)

        func call(_ method: String, _ params: String) async throws -> String {
            try client.send(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"# + "\n")
            return try member("result", of: await client.readLine())
        }
        func event(_ topic: String) async throws -> String {
            let line = try #require(await watcher.readLine())
            #expect(line.contains(#""topic":"\#(topic)""#), "\(line)")
            return try member("data", of: line)
        }

        let pet = try await call("pets.create", #"{"name":"보리"}"#)
        #expect(try await event("pet.created") == pet)
        let petId = try id(of: pet)
        let album = try await call("albums.create", #"{"title":"산책","petId":"\#(petId)"}"#)
        #expect(try await event("album.created") == album)
        let albumId = try id(of: album)
        let png = Data(try MediaSamples.fixture("tiny-24x12.png")).base64EncodedString()
        let photo = try await call("photos.import", #"{"albumId":"\#(albumId)","data":"\#(png)","filename":"a.png"}"#)
        #expect(photo.contains(#""duplicate":false"#))
        #expect(try await event("photo.imported") == photo)
        let entry = try await call("diary.create", ##"{"title":"첫 산책","body":"#산책","petId":"\##(petId)"}"##)
        #expect(try await event("entry.created") == entry)
        _ = try await call("pets.delete", #"{"id":"\#(petId)","force":true}"#)
        #expect(try await event("pet.deleted") == #"{"id":"\#(petId)"}"#)
        await core.server.shutDown()
    }

    @Test func aRejectedImportIsInvalidParamsNamingTheHook() async throws {
        let (core, scratch) = try await listeningCore(hooks: NoGIFs())
        defer { withExtendedLifetime(scratch) {} }
        let client = try LineClient(path: core.configuration.socketPath)
        try client.send(#"{"jsonrpc":"2.0","id":1,"method":"albums.create","params":{"title":"A"}}"# + "\n")
        let album = try member("result", of: await client.readLine())
        let albumId = try id(of: album)
        let gif = Data(try MediaSamples.fixture("tiny-20x10.gif")).base64EncodedString()

        try client.send(
            #"{"jsonrpc":"2.0","id":2,"method":"photos.import","params":{"albumId":"\#(albumId)","data":"\#(gif)"}}"#
                + "\n")

        #expect(
            await client.readLine()
                == #"{"jsonrpc":"2.0","error":{"code":-32602,"message":"No GIFs in this diary; send a JPEG or PNG.","#
                + #""data":{"reason":"rejected","hook":"photo.beforeImport"}},"id":2}"#
        )
        #expect(try await core.diary.store.albums.get(id: albumId).photoCount == 0)
        await core.server.shutDown()
    }
}
