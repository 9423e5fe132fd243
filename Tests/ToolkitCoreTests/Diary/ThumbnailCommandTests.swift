import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit photos thumbnail ID [--size N] [-o FILE]`: the JPEG `photos.thumbnail` makes, to a file written whole
/// or to a pipe, never to a terminal.
struct ThumbnailCommandTests {
    @Test func aThumbnailGoesToAFileOrAPipeAndNeverToATerminal() async throws {
        // Given a core with a photo and a clip
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        let still = try await TestClip.make(
            "park.jpg", arguments: ["-f", "lavfi", "-i", "testsrc=size=640x480:rate=10", "-frames:v", "1"], in: files)
        let photo = try await client.call(PhotosImport.self, .init(albumId: album.id, path: still))
        let clip = try await TestClip.make("walk.mp4", codec: "libx264", seconds: 1, in: files)
        let video = try await client.call(PhotosImport.self, .init(albumId: album.id, path: clip))
        let socket = ["--socket", core.socketPath]

        // When it is written with -o, then the file holds the core's JPEG, and no temp file is left beside it
        let written = try await runToolkit(
            ["photos", "thumbnail", photo.id, "--size", "64", "-o", "thumb.jpg"] + socket,
            in: files.path)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let expected = try await client.call(PhotosThumbnail.self, .init(id: photo.id, size: 64))
        let bytes = try files.read(files.appending("thumb.jpg"))
        #expect(Data(bytes) == Data(base64Encoded: expected.data))
        #expect(
            written.stderr.contains("Wrote the thumbnail of \(photo.id), at most 64 pixels, to thumb.jpg"),
            "\(written.stderr)")
        #expect(!files.listing().contains { $0.hasSuffix(".part") }, "\(files.listing())")

        // When it goes to a pipe, then stdout is the JPEG alone: a video's is its poster, 256 pixels by default
        let piped = try await runToolkit(["photos", "thumbnail", video.id] + socket)
        #expect(piped.status == 0, "\(piped.stderr)")
        let poster = try await client.call(PhotosThumbnail.self, .init(id: video.id))
        #expect(Data(piped.standardOutput) == Data(base64Encoded: poster.data))
        #expect(piped.standardOutput.prefix(2) == [0xFF, 0xD8] && piped.stderr.isEmpty)

        // When stdout is a terminal, then it is refused and the next step said
        let command = ([ToolkitBinary.path, "photos", "thumbnail", photo.id] + socket).joined(separator: " ")
        let terminal = try await runCommand("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(terminal.status == 64, "\(terminal.stdout)")
        #expect(terminal.stdout.contains("give -o FILE, or send it to a file or a pipe"), "\(terminal.stdout)")
        #expect(!terminal.stdout.contains("JFIF"), "no JPEG bytes on the terminal")

        // When --size is out of the method's range, or the photo or the directory does not exist, then nothing
        // is written
        let small = try await runToolkit(
            ["photos", "thumbnail", photo.id, "--size", "15", "-o", "small.jpg"] + socket,
            in: files.path)
        #expect(small.status == 64)
        #expect(small.stderr.contains("--size 15 is out of range; ask for 16 to 2048 pixels."), "\(small.stderr)")
        let unknown = try await runToolkit(
            ["photos", "thumbnail", "00000000-0000-4000-8000-000000000000", "-o", "none.jpg"] + socket, in: files.path)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("No photo has the id"), "\(unknown.stderr)")
        let nowhere = try await runToolkit(
            ["photos", "thumbnail", photo.id, "-o", "no/such/t.jpg"] + socket, in: files.path)
        #expect(nowhere.status == 64)
        #expect(
            nowhere.stderr
                == "toolkit: Cannot write the thumbnail: could not open no/such/t.jpg: No such file or directory.\n")
        #expect(Set(files.listing()) == ["park.jpg", "walk.mp4", "thumb.jpg"])
    }
}
