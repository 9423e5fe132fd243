import Foundation
import JSONRPC
import Testing
import NIOCore

/// The core's side of a plugin: a child process (python3) that speaks JSON-RPC on its stdin and stdout,
/// answers a call, calls the core back on the same pipes before answering, and exits at the end of its stdin.
struct ChildProcessTests {
    /// Answers `child.add {a, b}` with `{"sum", "echo"}`, where `echo` is what the parent's `peer.echo`
    /// returned for a call the child made while handling the request. Exits at the end of its stdin.
    static let script = #"""
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message.get("method") != "child.add":
                continue
            print(json.dumps({"jsonrpc": "2.0", "method": "peer.echo", "params": {"text": "from the child"},
                              "id": "back"}), flush=True)
            answer = json.loads(sys.stdin.readline())
            params = message["params"]
            print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                              "result": {"sum": params["a"] + params["b"], "echo": answer["result"]}}), flush=True)
        """#

    struct Sum: Decodable, Equatable {
        var sum: Int
        var echo: String
    }

    @Test func theParentCallsAChildThatCallsItBackOnItsPipes() async throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = ["python3", "-c", Self.script]
        let stdin = Pipe()
        let stdout = Pipe()
        child.standardInput = stdin
        child.standardOutput = stdout
        let stderr = Pipe()
        child.standardError = stderr
        try child.run()
        // NIO takes its own copies of the parent's ends; closing Foundation's leaves NIO's as the only ones,
        // so closing the connection is the child's end of input.
        let input = dup(stdout.fileHandleForReading.fileDescriptor)
        let output = dup(stdin.fileHandleForWriting.fileDescriptor)
        try stdout.fileHandleForReading.close()
        try stdin.fileHandleForWriting.close()

        let peer = try await RPCClient.connect(input: input, output: output, serving: try PeerMethods.registry())
        let answer = try await peer.call("child.add", params: RawJSON(["a": 2, "b": 3]), as: Sum.self)
        #expect(answer == Sum(sum: 5, echo: "from the child"))
        // As the core stops a plugin: close its stdin and read what it still writes until it exits. (Closing
        // both ends at once could break the pipe under a child still writing the newline after its answer.)
        peer.finishWriting()
        try await peer.rpcConnection.closeFuture.get()
        child.waitUntilExit()
        let errors = String(decoding: try stderr.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        #expect(child.terminationStatus == 0, "\(errors)")
    }
}
