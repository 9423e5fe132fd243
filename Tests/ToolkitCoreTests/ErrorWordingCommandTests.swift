import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// Errors as a user reads them: they name the user's file or URL (not a staging copy of the core's), say
/// what is wrong with a path, and point to the CLI command that helps next; the error's data object only
/// with `-v`.
@Suite(.serialized)
struct ErrorWordingCommandTests {
    @Test func aFileThatIsNotWhatWasAskedForIsNamedAsTheUserGaveIt() async throws {
        // Given a core, an album and a text file
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        _ = try files.write("notes.jpg", Array("not a picture, not a sound\n".utf8))
        _ = try await runToolkit(["albums", "add", "Walks"] + socket)

        // When it is imported as a sound, then the error names it, not a .part file
        let sound = try await runToolkit(["sound", "import", "notes.jpg", "--title", "x"] + socket, in: files.path)
        #expect(sound.status == 1)
        #expect(
            sound.stderr.hasPrefix("toolkit: '\(files.appending("notes.jpg"))' is not a WAV file the toolkit can play"),
            "\(sound.stderr)")
        #expect(!sound.stderr.contains(".part"), "\(sound.stderr)")

        // When it is imported as a photo from a URL, then the error names the URL
        let server = try FileServer(serving: files.path)
        let url = "http://127.0.0.1:\(server.port)/notes.jpg"
        let photo = try await runToolkit(["photos", "import", url, "--album", "Walks", "--quiet"] + socket)
        #expect(photo.status == 1)
        #expect(photo.stderr.hasPrefix("toolkit: \(url): the content is not a photo or video"), "\(photo.stderr)")
        #expect(!photo.stderr.contains(".part") && !photo.stderr.contains("blobs/"), "\(photo.stderr)")
    }

    @Test func importSaysWhatIsWrongWithThePathAndSendsAnArchiveToRestore() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()

        // `toolkit import /nonexistent.tar.zst`: there is no such file
        let missing = try await runToolkit(["import", files.appending("nonexistent.tar.zst")] + socket)
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == "toolkit: Cannot import '\(files.appending("nonexistent.tar.zst"))': there is no such file. "
                + "(error -32602)\n", "\(missing.stderr)")

        // `toolkit import DIR`: it is a folder
        let folder = try await runToolkit(["import", files.path] + socket)
        #expect(folder.stderr.contains("Cannot import '\(files.path)': it is a folder"), "\(folder.stderr)")

        // `toolkit import ARCHIVE`: an archive is brought back with toolkit restore
        #expect(try await runToolkit(["archive"] + socket).status == 0)
        let listed = try await runToolkit(["archive", "list"] + socket).stdout.split(separator: "\n")
        let name = try #require(listed.dropFirst().first?.split(separator: " ").first, "\(listed)")
        let archive = try await runToolkit(["import", core.dataDirectory + "/archives/" + name] + socket)
        #expect(archive.status == 1)
        #expect(
            archive.stderr.contains("this is an archive, not a share bundle; bring it back with toolkit restore"),
            "\(archive.stderr)")

        // `toolkit archive verify NAME`, a name as archive list prints it, from any folder
        let verified = try await runToolkit(["archive", "verify", String(name)] + socket, in: files.path)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.hasPrefix("OK \(core.dataDirectory)/archives/\(name): full"), "\(verified.stdout)")
        let unknown = try await runToolkit(["archive", "verify", "nosuch.tar.zst"] + socket)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "No archive is named 'nosuch.tar.zst' in the archive directory; see toolkit "
                    + "archive list"), "\(unknown.stderr)")
        let path = try await runToolkit(["archive", "verify", "./nosuch.tar.zst"] + socket, in: files.path)
        #expect(
            path.stderr.contains(
                "There is no archive file at \(files.appending("nosuch.tar.zst")); see toolkit "
                    + "archive list."), "\(path.stderr)")
    }

    @Test func aTitleOverTheLimitSaysHowToRaiseItAndTheDataComesOnlyWithVerbose() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let long = try await runToolkit(["diary", "add", "--title", "a title over fifteen", "x"] + socket)
        #expect(long.status == 1)
        #expect(
            long.stderr == "toolkit: --title is 20 characters; the limit is 15. To allow longer ones: toolkit call "
                + "settings.set titleLimit=20. (error -32602)\n", "\(long.stderr)")
        let verbose = try await runToolkit(["diary", "add", "--title", "a title over fifteen", "x", "-v"] + socket)
        #expect(verbose.stderr.contains("(error -32602) {\"field\":\"title\""), "\(verbose.stderr)")
        let json = try await runToolkit(["diary", "add", "--title", "a title over fifteen", "x", "--json"] + socket)
        #expect(json.stdout.contains("\"data\":{\"field\":\"title\""), "\(json.stdout)")
        #expect(!json.stderr.contains("{"), "\(json.stderr)")
    }
}
