import Foundation
import ToolkitTestSupport

/// `Fixtures/http-server.py` running on 127.0.0.1 for one test; it exits when this object goes away
/// (its stdin closes) or the test process dies.
final class TestHTTPServer: @unchecked Sendable {  // immutable after init
    let port: Int
    private let process: Process
    private let input: Pipe

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.path("http-server.py")]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
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
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
}
