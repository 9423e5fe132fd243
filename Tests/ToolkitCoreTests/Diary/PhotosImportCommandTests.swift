import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit photos import` as a script uses it: the new photos' ids on stdout, what happened on stderr.
@Suite(.serialized)
struct PhotosImportCommandTests {
    @Test func importsPrintTheIdsOfThePhotosTheyMade() async throws {
        let core = try CoreProcess()
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let album = try await runToolkit(["albums", "add", "Walks"] + socket).stdout
        #expect(!album.isEmpty)

        // One file: its id alone, ready for diary add --photo
        let one = try files.write("one/walk.jpg", try MediaSamples.paddedJPEG(number: 1, size: 2_000))
        let single = try await runToolkit(["photos", "import", one, "--album", "Walks", "--quiet"] + socket)
        #expect(single.status == 0, "\(single.stderr)")
        let id = single.stdout.trimmingCharacters(in: .newlines)
        #expect(UUID(uuidString: id) != nil, "stdout: \(single.stdout)")
        #expect(single.stderr.contains("imported 1, already there 0, skipped 0"))
        let entry = try await runToolkit(["diary", "add", "--title", "산책", "", "--photo", id] + socket)
        #expect(entry.status == 0, "\(entry.stderr)")

        // Several: a line each, its id and its file name; one already there is listed too
        _ = try files.write("many/a.jpg", try MediaSamples.paddedJPEG(number: 2, size: 2_000))
        _ = try files.write("many/b.jpg", try MediaSamples.paddedJPEG(number: 3, size: 2_000))
        let many = try await runToolkit(
            ["photos", "import", files.appending("many"), one, "--album", "Walks", "--quiet"] + socket)
        #expect(many.status == 0, "\(many.stderr)")
        let lines = many.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.map { $0.last.map(String.init) } == ["a.jpg", "b.jpg", "walk.jpg"])
        #expect(lines.last?.first.map(String.init) == id)
        #expect(many.stderr.contains("imported 2, already there 1, skipped 0"))

        // A URL: fetched by the core, its id printed
        let server = try FileServer(serving: files.appending("one"))
        let fetched = try await runToolkit(
            ["photos", "import", "http://127.0.0.1:\(server.port)/walk.jpg", "--album", "Walks", "--quiet"] + socket)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout.trimmingCharacters(in: .newlines) == id)
        #expect(fetched.stderr.contains("imported 0, already there 1, skipped 0"))

        // The list says when it is cut, and --all gives every page
        let cut = try await runToolkit(["photos", "list", "--album", "Walks", "--limit", "2"] + socket)
        #expect(cut.stdout.split(separator: "\n").count == 3, "\(cut.stdout)")  // a header and 2 rows
        #expect(cut.stderr.contains("more photos: add --all, or --limit N"))
        let every = try await runToolkit(["photos", "list", "--album", "Walks", "--limit", "2", "--all"] + socket)
        #expect(every.stdout.split(separator: "\n").count == 4, "\(every.stdout)")
        #expect(every.stderr.isEmpty, "\(every.stderr)")
    }
}

/// Python's HTTP server over one directory on 127.0.0.1, on a free port, until this object goes away.
final class FileServer: Sendable {
    let port: Int
    private let child: ChildProcess
    private let input: FileHandle

    init(serving directory: String) throws {
        let script = """
            import functools, http.server, sys, threading
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            print(server.server_address[1], flush=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            sys.stdin.read()
            """
        let input = Pipe()
        let output = Pipe()
        child = try ChildProcess(
            "python3", ["-c", script, directory], standardInput: input.fileHandleForReading.fileDescriptor,
            standardOutput: output.fileHandleForWriting.fileDescriptor)
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        self.input = input.fileHandleForWriting
        var line: [UInt8] = []
        while let byte = output.fileHandleForReading.readData(ofLength: 1).first, byte != 0x0A { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw TestFailure("the file server gave no port")
        }
        self.port = port
    }

    deinit {
        try? input.close()
        child.stop()
    }
}
