import Foundation
import ToolkitTestSupport

/// `Fixtures/http-server.py` running on 127.0.0.1 (or another loopback address) for one test; it exits when
/// this object goes away (its stdin closes) or the test process dies.
final class TestHTTPServer: Sendable {
    let host: String
    let port: Int
    private let child: ChildProcess
    private let input: FileHandle
    /// Where the server logs each connection it accepts and each request it reads.
    private let logDirectory: TemporaryDirectory

    init(host: String = "127.0.0.1") throws {
        self.host = host
        logDirectory = try TemporaryDirectory()
        let input = Pipe()
        let output = Pipe()
        child = try ChildProcess(
            "python3", [Fixtures.path("http-server.py"), host, logDirectory.appending("log")],
            standardInput: input.fileHandleForReading.fileDescriptor,
            standardOutput: output.fileHandleForWriting.fileDescriptor)
        // The child has its own copies: with these closed, its exit is an end of file here, and ours of its stdin
        // is the one that stops it.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        self.input = input.fileHandleForWriting
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            guard let first = byte.first else { throw TestFailure("the test HTTP server exited at start") }
            if first == 0x0A { break }
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw TestFailure("no port from the test server")
        }
        self.port = port
    }

    deinit {
        try? input.close()
        child.stop()
    }

    func url(_ path: String) -> URL { URL(string: "http://\(host):\(port)\(path)")! }

    /// What the server saw so far, in order: `"connect"` for each connection it accepted and `"GET /path"`
    /// for each request, each logged before it was answered.
    var log: [String] {
        let text = (try? String(contentsOfFile: logDirectory.appending("log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
