import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit diary add --video FILE`: a clip imported and shown on the new entry in one step, as a script does it.
struct DiaryVideoCommandTests {
    @Test func anEntryWithAVideoImportsItIntoThePetsFirstAlbumOrANewOne() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        for (name, source) in [("walk", "testsrc"), ("nap", "smptebars")] {
            let made = try await runCommand(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    "\(source)=duration=1:size=64x48:rate=10", "-pix_fmt", "yuv420p", files.appending("\(name).mp4"),
                ])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let boree = try await client.call(PetsCreate.self, .init(name: "보리"))
        let socket = ["--socket", core.socketPath]

        // A pet without albums: a new album Videos, the videos in the order given, by relative paths.
        let added = try await runToolkit(
            ["diary", "add", "--title", "영상", "--pet", "보리", "--video", "walk.mp4", "--video", "nap.mp4"] + socket,
            in: files.path)
        #expect(added.status == 0, "\(added.stderr)")
        let entry = try await client.call(DiaryGet.self, .init(id: added.stdout.trimmingCharacters(in: .newlines)))
        let albums = try await client.call(AlbumsList.self, .init(petId: boree.id)).items
        #expect(albums.map(\.title) == ["Videos"])
        let videos = try await client.call(PhotosList.self, .init(albumId: albums[0].id)).items
        #expect(videos.count == 2 && videos.allSatisfy { $0.mediaType == "video/mp4" && $0.durationSeconds != nil })
        #expect(Set(entry.photoIds) == Set(videos.map(\.id)) && entry.photoIds.count == 2)
        #expect(videos.first { $0.id == entry.photoIds[0] }?.filename == "walk.mp4")

        // The next one goes into the pet's first album; --album names another.
        let again = try await runToolkit(
            ["diary", "add", "--title", "또", "--pet", "보리", "--video", files.appending("walk.mp4")] + socket)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await client.call(AlbumsList.self, .init(petId: boree.id)).items.count == 1)

        // photos list shows each video's length.
        let listed = try await runToolkit(["photos", "list", "--album", "Videos"] + socket)
        #expect(listed.stdout.contains("LENGTH") && listed.stdout.contains(" 0:01 "), "\(listed.stdout)")

        let refused = try await runToolkit(
            ["diary", "add", "--title", "x", "--video", files.appending("walk.mp4")] + socket)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--video needs --pet or --album"), "\(refused.stderr)")
        let missing = try await runToolkit(
            ["diary", "add", "--title", "x", "--pet", "보리", "--video", "no.mp4"] + socket)
        #expect(missing.status == 64)
        #expect(missing.stderr == "toolkit: There is no file no.mp4 (--video); give the path of a clip.\n")
    }

    @Test func photosListAndTheCalendarTellVideosFromPhotos() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        let clips = [("walk.mp4", "testsrc", "1"), ("nap.mp4", "smptebars", "1"), ("still.jpg", "testsrc", "0.1")]
        for (name, source, seconds) in clips {
            let made = try await runCommand(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    "\(source)=duration=\(seconds):size=64x48:rate=10", "-frames:v",
                    name.hasSuffix(".jpg") ? "1" : "10",
                    "-pix_fmt", "yuv420p", files.appending(name),
                ])
            #expect(made.status == 0, "\(made.stderr)")
            _ = try await client.call(PhotosImport.self, .init(albumId: album.id, path: files.appending(name)))
        }

        let videos = try await client.call(PhotosList.self, .init(albumId: album.id, kind: "video")).items
        #expect(Set(videos.map(\.filename)) == ["walk.mp4", "nap.mp4"])
        let stills = try await client.call(PhotosList.self, .init(albumId: album.id, kind: "photo")).items
        #expect(stills.map(\.filename) == ["still.jpg"])
        #expect(try await client.call(PhotosList.self, .init(albumId: album.id)).items.count == 3)
        do {
            _ = try await client.call(PhotosList.self, .init(kind: "gif"))
            Issue.record("photos.list took kind gif")
        } catch let error as RPCError {
            #expect(error.code == .invalidParams && error.message.contains("kind 'gif' is not photo or video"))
        }

        // They were all taken today (their files' time): the calendar counts the videos apart.
        let today = String(videos[0].takenAt.prefix(10))
        let (year, month) = (Int(today.prefix(4))!, Int(today.dropFirst(5).prefix(2))!)
        let day = try #require(
            try await client.call(DiaryCalendar.self, .init(year: year, month: month)).days.first { $0.date == today })
        #expect(day.photos == 3 && day.videos == 2)
        let shown = try await runToolkit(["diary", "calendar", String(today.prefix(7)), "--socket", core.socketPath])
        #expect(shown.stdout.contains("\(today)  0 entries, 1 photo, 2 videos"), "\(shown.stdout)")
        // A video's thumbnail is its poster, cached as a photo's is.
        let poster = try await client.call(PhotosThumbnail.self, .init(id: videos[0].id, size: 32))
        #expect(poster.mediaType == "image/jpeg" && poster.size == 32)
        #expect(try #require(Data(base64Encoded: poster.data)).prefix(2) == Data([0xFF, 0xD8]))
        #expect(try await client.call(PhotosThumbnail.self, .init(id: videos[0].id, size: 32)).sha256 == poster.sha256)

        let listed = try await runToolkit(["photos", "list", "--kind", "video", "--socket", core.socketPath])
        #expect(listed.stdout.contains("walk.mp4") && !listed.stdout.contains("still.jpg"), "\(listed.stdout)")
    }
}
