import ChildProcesses
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Plugins/shutter-capture: a `shutter.fired` event (or `shutter.capture`) grabs a real ffmpeg frame (the
/// lavfi test pattern stands in for the camera) and imports it into the pet's album in the core.
struct ShutterCaptureTests {
    /// The options that make ffmpeg read its test pattern instead of /dev/video0.
    private let testPattern: [(String, JSONValue)] = [("format", "lavfi"), ("source", "testsrc=size=320x240:rate=1")]

    @Test func aShutterEventImportsAFrameIntoANewShutterAlbumOfThePet() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
            let plugin = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: testPattern)

            plugin.sendEvent(
                "shutter.fired", data: ["petId": .string(pet.id), "soundId": "click", "at": "2026-01-01T00:00:00Z"])
            let photo = try await eventually("the frame in the pet's photos") {
                try await client.call(PhotosList.self, .init(petId: pet.id)).items.first
            }
            #expect(photo.mediaType == "image/jpeg")
            #expect(photo.width == 320 && photo.height == 240)
            let albums = try await client.call(AlbumsList.self, .init(petId: pet.id)).items
            #expect(albums.map(\.title) == ["Shutter"])
            #expect(albums.first?.id == photo.albumId)

            // A second shot goes into the same album.
            let second = try await plugin.call("shutter.capture", ["petId": .string(pet.id)])
            #expect(second["albumId"] == .string(photo.albumId))
            #expect(try await client.call(AlbumsList.self, .init(petId: pet.id)).items.count == 1)
            #expect(plugin.standardErrorText().contains("made the album Shutter"))
            await client.close()
            await plugin.stop()
        }
    }

    @Test func theFrameGoesIntoThePetsFirstAlbum() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "Mochi"))
            let first = try await client.call(AlbumsCreate.self, .init(title: "First", petId: pet.id))
            _ = try await client.call(AlbumsCreate.self, .init(title: "Second", petId: pet.id))
            let plugin = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: testPattern)

            plugin.sendEvent(
                "shutter.fired", data: ["petId": .string(pet.id), "soundId": nil, "at": "2026-01-01T00:00:00Z"])
            let photo = try await eventually("the frame in the pet's photos") {
                try await client.call(PhotosList.self, .init(petId: pet.id)).items.first
            }
            #expect(photo.albumId == first.id)
            await client.close()
            await plugin.stop()
        }
    }

    @Test func theAlbumOptionWinsAndTheMethodAnswersThePhoto() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let album = try await client.call(AlbumsCreate.self, .init(title: "Camera"))
            let plugin = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: testPattern + [("album", .string(album.id))])

            let photo = try await plugin.call("shutter.capture", [:])
            #expect(photo["albumId"] == .string(album.id))
            #expect(photo["mediaType"] == "image/jpeg")
            let listed = try await client.call(PhotosList.self, .init(albumId: album.id)).items
            #expect(listed.map { JSONValue.string($0.id) } == [photo["id"]])
            await client.close()
            await plugin.stop()
        }
    }

    @Test func badEventsAndABrokenCameraAreLoggedAndTheLoopGoesOn() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "Kong"))
            await client.close()
            let broken = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: [("format", "v4l2"), ("source", "/dev/no-such-camera")])
            broken.sendEvent("shutter.fired", data: ["petId": .string(pet.id)])
            broken.sendEvent("shutter.fired", data: "not an object")
            broken.sendEvent("shutter.fired", data: ["petId": "00000000-0000-0000-0000-000000000000"])
            broken.client.notify("no.such.notification", params: RawJSON(["x": 1]))
            do {
                _ = try await broken.call("shutter.capture", ["petId": .string(pet.id)])
                Issue.record("a frame came from a camera that does not exist")
            } catch {
                #expect(errorCode(error) == -32006)
                let message = (error as? RPCError)?.message ?? ""
                #expect(message.contains("the camera could not be opened"), "\(error)")
                #expect(message.contains("plugins.options.shutter-capture.source"), "\(message)")
                #expect(message.contains(#""format": "lavfi""#), "\(message)")
            }
            do {
                _ = try await broken.call("shutter.capture", [:])
                Issue.record("a capture with no pet and no album was answered")
            } catch {
                #expect(errorCode(error) == -32602)
            }
            let log = broken.standardErrorText()
            #expect(log.contains("ffmpeg could not grab a frame from /dev/no-such-camera"))
            #expect(log.contains("shutter.fired (pet none): capture failed: no petId"))
            #expect(log.contains("shutter.fired (pet 00000000-0000-0000-0000-000000000000): capture failed"))
            let (termination, killed) = await broken.stop()
            #expect(termination == .exited(0) && !killed)
        }
    }

    /// A lavfi tone stands in for the microphone.
    private let testTone: [(String, JSONValue)] = [("audioFormat", "lavfi"), ("audioSource", "sine=frequency=440")]

    @Test func aVideoIsRecordedWithProgressAndImportedIntoThePetsAlbum() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
            let plugin = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: [("format", "lavfi"), ("source", "testsrc=size=64x48:rate=10")] + testTone)
            let progress = Task {
                var seen: [JSONValue] = []
                for await notification in plugin.client.notifications
                where notification.method == ProgressNotification.method {
                    seen.append(try notification.params?.decode(JSONValue.self) ?? .null)
                }
                return seen
            }

            let video = try await plugin.call(
                "capture.video", ["petId": .string(pet.id), "seconds": 2, "audio": true, "progress": true])
            #expect(video["mediaType"] == "video/mp4")
            #expect(video["width"] == 64 && video["height"] == 48)
            let duration = try #require(try RawJSON(video).decode(PhotoRecord.self).durationSeconds)
            #expect(abs(duration - 2) < 0.3)
            let listed = try await client.call(PhotosList.self, .init(petId: pet.id)).items
            #expect(listed.map { JSONValue.string($0.id) } == [video["id"]])
            #expect(plugin.standardErrorText().contains("recorded 2s into video"))
            await plugin.stop()
            let updates = try await progress.value
            #expect(!updates.isEmpty)
            #expect(updates.allSatisfy { $0["total"] == 2 && $0["unit"] == "s" })
            await client.close()
        }
    }

    @Test func aCancelledRecordingKeepsNothing() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "Mochi"))
            let plugin = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: [("format", "lavfi"), ("source", "testsrc=size=64x48:rate=10")])
            let recording = Task {
                try await plugin.call("capture.video", ["petId": .string(pet.id), "seconds": 60, "progress": true])
            }
            // Recording is under way once the first second is reported.
            for await notification in plugin.client.notifications
            where notification.method == ProgressNotification.method { break }
            recording.cancel()
            // The plugin answers the cancelled call itself, once nothing is left of it.
            switch await recording.result {
            case .success(let video): Issue.record("a cancelled recording was answered with \(video)")
            case .failure(let error): #expect(errorCode(error) == -32005)
            }
            _ = try await eventually("the plugin saying it kept nothing") {
                plugin.standardErrorText().contains("capture.video: cancelled; nothing kept") ? true : nil
            }
            #expect(try await client.call(PhotosList.self, .init(petId: pet.id)).items.isEmpty)
            let (termination, killed) = await plugin.stop()
            #expect(termination == .exited(0) && !killed)
            await client.close()
        }
    }

    /// Params the core's schema check would refuse too, sent straight to the plugin: it checks them itself.
    static let badVideoParams: [(JSONValue, String)] = [
        (["seconds": 0], "seconds"), (["seconds": 601], "seconds"), (["seconds": 1.5], "seconds"),
        ([:], "seconds"), (["seconds": 1, "audio": true], "audio"),
    ]

    @Test(arguments: badVideoParams)
    func aVideoWithBadParamsIsRefusedNamingTheField(params: JSONValue, field: String) async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let album = try await client.call(AlbumsCreate.self, .init(title: "Camera"))
            let plugin = try await startPlugin(
                shippedPlugin("shutter-capture"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: testPattern + [("album", .string(album.id))])
            do {
                _ = try await plugin.call("capture.video", params)
                Issue.record("capture.video \(params) was answered")
            } catch let error as RPCError {
                #expect(error.code == .invalidParams)
                #expect(error.data?.text.contains("\"field\":\"\(field)\"") == true)
            }
            #expect(try await client.call(PhotosList.self, .init(albumId: album.id)).items.isEmpty)
            await plugin.stop()
            await client.close()
        }
    }
}
