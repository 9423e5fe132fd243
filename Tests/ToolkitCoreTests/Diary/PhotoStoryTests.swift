import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitCoreTesting
import ToolkitTestSupport

/// Seed 003's story in every mode (in process, over a socket, and over the built core's socket): a pet, an
/// album, real photos imported three ways, a Korean diary entry showing them, search, calendar, thumbnails,
/// delete, and a restart.
struct PhotoStoryTests {
    @Test(arguments: CoreTestMode.allCases)
    func photosImportedThreeWaysSurviveARestartAndLeaveNoFileBehindWhenDeleted(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            var client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let exifPath = try files.write("IMG_0001.jpg", try MediaSamples.jpegWithEXIF())
            let pngPath = try files.write("green.png", try MediaSamples.fixture("tiny-24x12.png"))

            let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
            let album = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: pet.id))

            let jpeg = try await client.call(PhotosImport.self, .init(albumId: album.id, path: exifPath))
            #expect(jpeg.mediaType == "image/jpeg")
            #expect(jpeg.width == 64)
            #expect(jpeg.height == 32)
            #expect(jpeg.orientation == 6)
            #expect(jpeg.takenAt == "2024-05-01T10:30:00.000Z")
            #expect(jpeg.duplicate == false)
            let png = try await client.call(PhotosImport.self, .init(albumId: album.id, path: pngPath))
            let gifData = Data(try MediaSamples.fixture("tiny-20x10.gif")).base64EncodedString()
            let gif = try await client.call(
                PhotosImport.self, .init(albumId: album.id, data: gifData, filename: "yellow.gif"))
            #expect(gif.mediaType == "image/gif")
            #expect(gif.filename == "yellow.gif")
            let again = try await client.call(PhotosImport.self, .init(albumId: album.id, path: exifPath))
            #expect(again.duplicate == true)
            #expect(again.id == jpeg.id)

            let blobPath = core.dataDirectory + "/blobs/sha256/" + jpeg.sha256.prefix(2) + "/" + jpeg.sha256
            #expect(try Data(contentsOf: URL(fileURLWithPath: blobPath)) == Data(try MediaSamples.jpegWithEXIF()))

            let entry = try await client.call(
                DiaryCreate.self,
                .init(
                    title: "첫 산책", body: "보리와 공원에서 산책했다 #산책", date: "2024-05-01", petId: pet.id,
                    photoIds: [png.id, jpeg.id]))

            let thumbnail = try await client.call(PhotosThumbnail.self, .init(id: jpeg.id, size: 32))
            let thumbnailBytes = try #require(Data(base64Encoded: thumbnail.data))
            #expect(thumbnailBytes.prefix(2) == Data([0xFF, 0xD8]))
            let cached = try await client.call(PhotosThumbnail.self, .init(id: jpeg.id, size: 32))
            #expect(cached.sha256 == thumbnail.sha256)

            await client.close()
            try await core.restart()
            client = try await core.rpcClient()

            #expect(try await client.call(DiaryGet.self, .init(id: entry.id)).photoIds == [png.id, jpeg.id])
            #expect(try await client.call(DiarySearch.self, .init(query: "산책")).items.count == 1)
            let month = try await client.call(DiaryCalendar.self, .init(year: 2024, month: 5, petId: pet.id))
            let first = try #require(month.days.first)
            #expect(first == .init(date: "2024-05-01", entries: 1, photos: 1))
            #expect(try await client.call(PhotosList.self, .init(albumId: album.id)).items.count == 3)
            #expect(try await client.call(AlbumsGet.self, .init(id: album.id)).photoCount == 3)

            _ = try await client.call(PhotosDelete.self, .init(id: jpeg.id))
            #expect(!FileManager.default.fileExists(atPath: blobPath))
            #expect(try await client.call(DiaryGet.self, .init(id: entry.id)).photoIds == [png.id])
            await client.close()
        }
    }

    @Test(arguments: CoreTestMode.allCases)
    func badImportsAreRefusedWithTheirReasonAndLeaveNothing(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.client()
            let files = try TemporaryDirectory()
            let text = files.appending("notes.jpg")
            try Data("not a photo at all".utf8).write(to: URL(fileURLWithPath: text))
            let truncated = files.appending("half.png")
            try Data(try MediaSamples.fixture("tiny-24x12.png").prefix(12)).write(to: URL(fileURLWithPath: truncated))
            let albumId = try #require(try await client.object("albums.create", ["title": "A"])["id"] as? String)

            for (params, field) in [
                (["albumId": albumId, "path": text], "path"),
                (["albumId": albumId, "path": truncated], "path"),
                (["albumId": albumId, "path": files.path], "path"),
                (["albumId": albumId, "path": files.appending("missing.jpg")], "path"),
                (["albumId": albumId, "path": "relative.jpg"], "path"),
                (["albumId": albumId, "data": "***not base64***"], "data"),
                (["albumId": albumId, "url": "ftp://example.com/a.jpg"], "url"),
            ] as [([String: Any], String)] {
                let error = await client.error("photos.import", params)
                #expect(error?.code == .invalidParams, "\(params)")
                #expect(ObjectClient.data(of: error)["field"] as? String == field, "\(params)")
            }
            let unknownAlbum = await client.error("photos.import", ["albumId": "nope", "path": text])
            #expect(unknownAlbum?.code == .notFound)
            #expect(ObjectClient.data(of: unknownAlbum)["kind"] as? String == "album")
            #expect(try await client.items("photos.list").isEmpty)
            // The only blobs are the built-in sounds'.
            let sounds = Set(
                try await client.items("sounds.list", ["limit": 50]).compactMap { $0["sha256"] as? String })
            let leftovers = try FileManager.default.subpathsOfDirectory(atPath: core.dataDirectory + "/blobs")
                .filter {
                    !$0.hasSuffix("/") && $0.split(separator: "/").count > 2 && !sounds.contains(String($0.suffix(64)))
                }
            #expect(leftovers.isEmpty, "\(leftovers)")
            await client.close()
        }
    }

    @Test func aPeerOfAnotherUserMayNotImportFromPaths() async throws {
        try #require(getuid() == 0, "needs root to run a client as nobody")
        let core = try CoreProcess(extraArguments: ["--allow-uid", String(getpwnam("nobody").pointee.pw_uid)])
        let client = try await ObjectClient.connect(to: core.socketPath)
        let albumId = try #require(try await client.object("albums.create", ["title": "A"])["id"] as? String)
        chmod((core.socketPath as NSString).deletingLastPathComponent, 0o755)
        chmod(core.directory.path, 0o755)
        chmod(core.socketPath, 0o666)
        let request =
            #"{"jsonrpc":"2.0","id":1,"method":"photos.import","params":{"albumId":"\#(albumId)","path":"#
            + #""/etc/hostname"}}"#
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            s.sendall(sys.argv[2].encode() + b"\\n")
            print(s.makefile().readline().strip())
            """
        let result = try await runCommand(
            "/usr/bin/setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/python3", "-c", script,
                core.socketPath, request,
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/"])
        #expect(result.stdout.contains(#""code":-32003"#), "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("import from paths"))
        #expect(try await client.items("photos.list").isEmpty)
        await client.close()
        core.stop()
    }
}
