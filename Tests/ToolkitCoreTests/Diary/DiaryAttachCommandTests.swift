import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit diary add --video` says which clip it made, and `toolkit diary edit ID --video FILE --photo ID` adds
/// clips and photos to an entry that is already written; a refusal changes nothing.
struct DiaryAttachCommandTests {
    @Test func addSaysTheClipsIdOnStderrAndKeepsStdoutForTheEntry() async throws {
        // Given a core, a pet without albums and a clip
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        _ = try await TestClip.make("walk.mp4", codec: "libx264", seconds: 2, in: files)
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))

        // When an entry is written with it
        let added = try await runToolkit(
            ["diary", "add", "--title", "영상", "--pet", "보리", "--video", "walk.mp4", "--socket", core.socketPath],
            in: files.path)

        // Then stdout is the entry's id alone, and stderr names the clip, its length and its album
        #expect(added.status == 0, "\(added.stderr)")
        let entry = try await client.call(DiaryGet.self, .init(id: added.stdout.trimmingCharacters(in: .newlines)))
        #expect(added.stdout == entry.id + "\n")
        let clip = try #require(entry.photoIds.first)
        #expect(
            added.stderr.contains("toolkit: Imported clip \(clip) (0:02) from walk.mp4 into the album Videos.\n"),
            "\(added.stderr)")

        // When an entry with a new clip is refused by the core, then the clip is taken back and said so
        _ = try await client.call(PetsCreate.self, .init(name: "콩"))
        _ = try await TestClip.make("nap.mp4", codec: "libx264", seconds: 1, in: files)
        let refused = try await runToolkit(
            ["diary", "add", "--title", "a title over fifteen", "--pet", "콩", "--video", "nap.mp4"]
                + ["--socket", core.socketPath], in: files.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--title is 20 characters; the limit is 15."), "\(refused.stderr)")
        #expect(refused.stderr.contains(": the entry was refused.\n"), "\(refused.stderr)")
        // Then 콩 has no album Videos, and the diary holds the one clip and entry it had
        #expect(try await client.call(AlbumsList.self, .init()).items.map(\.title) == ["Videos"])
        #expect(try await client.call(PhotosList.self, .init()).items.map(\.id) == [clip])
        #expect(try await client.call(DiaryList.self, .init()).items.map(\.id) == [entry.id])
    }

    @Test func editAddsClipsAndPhotosAfterTheEntrysOwnAndRefusesWithoutChangingAnything() async throws {
        // Given an entry of 보리's showing one photo, another photo, and two clips on disk
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        _ = try await TestClip.make("walk.mp4", codec: "libx264", seconds: 1, in: files)
        _ = try await TestClip.make("nap.mp4", codec: "libx264", seconds: 2, in: files)
        let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
        let album = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: pet.id))
        var photos: [PhotoRecord] = []
        for (name, source) in [("park.jpg", "testsrc"), ("bench.jpg", "smptebars")] {
            let path = try await TestClip.make(
                name, arguments: ["-f", "lavfi", "-i", "\(source)=size=64x48:rate=10", "-frames:v", "1"], in: files)
            photos.append(try await client.call(PhotosImport.self, .init(albumId: album.id, path: path)))
        }
        let (first, second) = (photos[0], photos[1])
        let entry = try await client.call(
            DiaryCreate.self,
            .init(title: "산책", body: "공원", date: "2024-05-10", petId: pet.id, photoIds: [first.id]))
        let socket = ["--socket", core.socketPath]
        func shown() async throws -> EntryRecord { try await client.call(DiaryGet.self, .init(id: entry.id)) }

        // When a photo by id and two clips are added with a new title
        let edited = try await runToolkit(
            [
                "diary", "edit", entry.id, "--photo", second.id, "--video", "walk.mp4", "--video", "nap.mp4", "--title",
                "긴 산책",
            ] + socket, in: files.path)

        // Then they follow the entry's own photo, in order; the clips went into the pet's first album
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout == entry.id + "\n")
        let after = try await shown()
        #expect(after.title == "긴 산책" && after.photoIds.count == 4, "\(after)")
        #expect(Array(after.photoIds.prefix(2)) == [first.id, second.id])
        let clips = try await client.call(PhotosList.self, .init(albumId: album.id, kind: "video")).items
        #expect(Set(clips.map(\.id)) == Set(after.photoIds.suffix(2)))
        #expect(edited.stderr.contains("Imported clip \(after.photoIds[2]) (0:01) from walk.mp4 into the album 산책."))
        #expect(edited.stderr.contains("Imported clip \(after.photoIds[3]) (0:02) from nap.mp4 into the album 산책."))

        // When the edits are refused: no such photo, no such file, a photo or clip it shows already
        let refusals: [([String], Int32, String)] = [
            (
                ["--photo", "00000000-0000-4000-8000-000000000000"], 1,
                "toolkit: No photo has the id '00000000-0000-4000-8000-000000000000'. (error -32001)\n"
            ),
            (["--video", "gone.mp4"], 64, "toolkit: There is no file gone.mp4 (--video); give the path of a clip.\n"),
            (
                ["--photo", second.id], 64,
                "toolkit: The entry already shows \(second.id) (--photo); nothing was changed.\n"
            ),
            (["--album", "산책"], 64, "--album says where --video files go; give a --video too."),
        ]
        for (arguments, status, message) in refusals {
            let refused = try await runToolkit(
                ["diary", "edit", entry.id, "--title", "바뀜"] + arguments + socket, in: files.path)
            #expect(refused.status == status, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        let again = try await runToolkit(["diary", "edit", entry.id, "--video", "walk.mp4"] + socket, in: files.path)
        #expect(again.status == 64)
        #expect(again.stderr.contains("The entry already shows walk.mp4 (--video), as \(after.photoIds[2])"))

        // When the core refuses the edit after a new clip was imported, then the clip is taken back
        _ = try await TestClip.make("run.mp4", codec: "libx264", seconds: 3, in: files)
        let late = try await runToolkit(
            ["diary", "edit", entry.id, "--video", "run.mp4", "--date", "2024-13-01"] + socket, in: files.path)
        #expect(late.status == 1)
        #expect(late.stderr.contains("--date '2024-13-01' is not a day"), "\(late.stderr)")
        #expect(late.stderr.contains(": the entry was refused.\n"), "\(late.stderr)")

        // Then the entry and the album are as they were
        #expect(try await shown() == after)
        #expect(try await client.call(PhotosList.self, .init(albumId: album.id)).items.count == 4)

        // And a bundle of the diary counts the clips apart from the photos
        let exported = try await runToolkit(["export", "--quiet", "-o", files.path] + socket)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("exported 1 pet, 1 album, 2 photos, 2 videos, 1 entry"), "\(exported.stderr)")
    }
}
