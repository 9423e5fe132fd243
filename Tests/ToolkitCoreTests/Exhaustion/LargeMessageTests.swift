import Foundation
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// A client that sends 16 MiB messages in a loop, just under the limit and just over it: each is answered,
/// the connection stays usable, and the core's memory stays bounded instead of growing with every message.
@Suite(.serialized)
struct LargeMessageTests {
    private static let limit = 16 << 20

    /// A `diary.list` request padded to exactly `size` bytes, newline included.
    private static func message(id: Int, size: Int) -> [UInt8] {
        let head = Array(#"{"jsonrpc":"2.0","method":"diary.list","id":\#(id),"params":{"pad":""#.utf8)
        let tail = Array(#""}}"#.utf8) + [0x0A]
        return head + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.count - tail.count) + tail
    }

    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
            "AddressSanitizer keeps freed memory in quarantine (256 MiB), so the core's resident set says nothing here")
    )
    func sixteenMebibyteMessagesInALoopKeepMemoryBounded() async throws {
        let core = try CoreProcess()
        let status = ProcessStatus(pid: core.child.pid)
        let client = try LineClient(path: core.socketPath)
        let under = Self.message(id: 1, size: Self.limit - 100)
        let over = Self.message(id: 2, size: Self.limit + 1000)
        var residentAfterRound: [Int] = []
        for _ in 0..<4 {
            try client.send(under)
            let answer = await client.readLine(timeout: 60)
            #expect(answer == #"{"jsonrpc":"2.0","result":{"items":[],"nextCursor":null},"id":1}"#)
            try client.send(over)
            let refusal = await client.readLine(timeout: 60) ?? ""
            #expect(refusal.contains(#""code":-32600"#) && refusal.contains(#""limit":16777216"#), "\(refusal)")
            residentAfterRound.append(try status.residentBytes().now)
        }
        // The connection is still in step after the skipped messages.
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":3}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":3}"#)

        // 128 MiB went through; the core holds at most a few copies of one message at a time (about 76 MiB at
        // the peak measured in a debug build), and later rounds do not add to the first.
        let peak = try status.residentBytes().peak
        print(
            "LargeMessageTests: peak RSS \(peak >> 20) MiB; after each round "
                + residentAfterRound.map { "\($0 >> 20) MiB" }.joined(separator: ", "))
        #expect(peak < 256 << 20, "the core's resident set peaked at \(peak >> 20) MiB")
        #expect(residentAfterRound.last! < residentAfterRound.first! + (32 << 20), "\(residentAfterRound)")
        #expect(core.stop() == 0)
    }
}
