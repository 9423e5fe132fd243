import Foundation
import JSONRPC
import Testing
import ToolkitTesting
import ToolkitTestSupport

/// Seed 003's story in every mode (in process, over a socket, and over the built core's socket): a pet, an
/// album, real photos imported three ways, a Korean diary entry showing them, search, calendar, thumbnails,
/// delete, and a restart.
struct PhotoStoryTests {
    @Test(arguments: CoreTestMode.allCases)
    func photosImportedThreeWaysSurviveARestartAndLeaveNoFileBehindWhenDeleted(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            var client = try await core.client()
            let files = try TemporaryDirectory()
            let exifPath = try files.write("IMG_0001.jpg", try MediaSamples.jpegWithEXIF())
            let pngPath = try files.write("green.png", try MediaSamples.fixture("tiny-24x12.png"))

            let pet = try await client.object("pets.create", ["name": "보리"])
            let petId = try #require(pet["id"] as? String)
            let album = try await client.object("albums.create", ["title": "산책", "petId": petId])
            let albumId = try #require(album["id"] as? String)

            let jpeg = try await client.object("photos.import", ["albumId": albumId, "path": exifPath])
            #expect(jpeg["mediaType"] as? String == "image/jpeg")
            #expect(jpeg["width"] as? Int == 64)
            #expect(jpeg["height"] as? Int == 32)
            #expect(jpeg["orientation"] as? Int == 6)
            #expect(jpeg["takenAt"] as? String == "2024-05-01T10:30:00.000Z")
            #expect(jpeg["duplicate"] as? Bool == false)
            let png = try await client.object("photos.import", ["albumId": albumId, "path": pngPath])
            let gif = try await client.object(
                "photos.import",
                [
                    "albumId": albumId, "data": Data(try MediaSamples.fixture("tiny-20x10.gif")).base64EncodedString(),
                    "filename": "yellow.gif",
                ])
            #expect(gif["mediaType"] as? String == "image/gif")
            #expect(gif["filename"] as? String == "yellow.gif")
            let again = try await client.object("photos.import", ["albumId": albumId, "path": exifPath])
            #expect(again["duplicate"] as? Bool == true)
            #expect(again["id"] as? String == jpeg["id"] as? String)

            let jpegId = try #require(jpeg["id"] as? String)
            let pngId = try #require(png["id"] as? String)
            let sha256 = try #require(jpeg["sha256"] as? String)
            let blobPath = core.dataDirectory + "/blobs/sha256/" + sha256.prefix(2) + "/" + sha256
            #expect(try Data(contentsOf: URL(fileURLWithPath: blobPath)) == Data(try MediaSamples.jpegWithEXIF()))

            let entry = try await client.object(
                "diary.create",
                [
                    "title": "첫 산책", "body": "보리와 공원에서 산책했다 #산책", "date": "2024-05-01", "petId": petId,
                    "photoIds": [pngId, jpegId],
                ])
            let entryId = try #require(entry["id"] as? String)

            let thumbnail = try await client.object("photos.thumbnail", ["id": jpegId, "size": 32])
            let thumbnailBytes = try #require(Data(base64Encoded: thumbnail["data"] as? String ?? ""))
            #expect(thumbnailBytes.prefix(2) == Data([0xFF, 0xD8]))
            let cached = try await client.object("photos.thumbnail", ["id": jpegId, "size": 32])
            #expect(cached["sha256"] as? String == thumbnail["sha256"] as? String)

            await client.close()
            try await core.restart()
            client = try await core.client()

            #expect(try await client.object("diary.get", ["id": entryId])["photoIds"] as? [String] == [pngId, jpegId])
            let hits = try await client.items("diary.search", ["query": "산책"])
            #expect(hits.count == 1)
            let month = try await client.object("diary.calendar", ["year": 2024, "month": 5, "petId": petId])
            let first = try #require((month["days"] as? [[String: Any]])?.first)
            #expect(first["date"] as? String == "2024-05-01")
            #expect(first["entries"] as? Int == 1)
            #expect(first["photos"] as? Int == 1)
            #expect(try await client.items("photos.list", ["albumId": albumId]).count == 3)
            #expect(try await client.object("albums.get", ["id": albumId])["photoCount"] as? Int == 3)

            _ = try await client.object("photos.delete", ["id": jpegId])
            #expect(!FileManager.default.fileExists(atPath: blobPath))
            #expect(try await client.object("diary.get", ["id": entryId])["photoIds"] as? [String] == [pngId])
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
            let leftovers = try FileManager.default.subpathsOfDirectory(atPath: core.dataDirectory + "/blobs")
                .filter { !$0.hasSuffix("/") && $0.split(separator: "/").count > 2 }
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
        let result = try runCommand(
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
