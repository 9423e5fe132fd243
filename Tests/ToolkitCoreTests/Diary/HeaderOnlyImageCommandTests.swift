import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// A file that only begins like an image is skipped as a non-image is, not stored as a huge photo.
struct HeaderOnlyImageCommandTests {
    @Test func eighteenBytesStartingWithGIF89aAreSkippedAsNotAPhoto() async throws {
        // Given an album and an 18-byte file whose GIF header declares 28192×29807 pixels
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let fake = try files.write("fake.gif", Array("GIF89a not a GIF!\n".utf8))
        _ = try await runToolkit(["albums", "add", "Walks"] + socket)

        // When it is imported, then it is skipped with the words a text file gets, and the album stays empty
        let imported = try await runToolkit(["photos", "import", fake, "--album", "Walks", "--quiet"] + socket)
        #expect(imported.status == 1)
        #expect(
            imported.stderr.contains(
                "skipped \(fake): the content is not a photo or video this toolkit knows (JPEG, PNG, GIF, WebP, "
                    + "HEIC, MP4, MOV, WebM, MKV or AVI)"), "\(imported.stderr)")
        #expect(try await runToolkit(["photos", "list", "--album", "Walks"] + socket).stdout == "No photos.\n")
    }
}
