#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// A thousand clients each holding half a message: the core keeps answering a normal client and its memory
/// stays bounded.
@Suite(.serialized)
struct HalfMessageTests {
    @Test func aThousandHalfMessagesNeitherStallNorBloatTheCore() async throws {
        let connections = 1000
        // This process holds the thousand client ends; the core, its child, inherits the same limit.
        try raiseDescriptorLimit(to: connections + 256)
        let core = try CoreProcess()
        let status = ProcessStatus(pid: core.child.pid)
        let normal = try LineClient(path: core.socketPath)
        try normal.send(#"{"jsonrpc":"2.0","method":"system.ping","id":0}"# + "\n")
        #expect(await normal.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":0}"#)
        let before = try status.residentBytes().now

        // Given a thousand connections, each stopped in the middle of a message (and of a string in it).
        let half = Array(#"{"jsonrpc":"2.0","method":"diary.create","params":{"title":"산책 갔다가 "#.utf8)
        var holders: [LineClient] = []
        for _ in 0..<connections {
            let holder = try LineClient(path: core.socketPath)
            try holder.send(half)
            holders.append(holder)
        }

        // Then a normal client is still answered, again and again.
        for id in 1...20 {
            try normal.send(#"{"jsonrpc":"2.0","method":"system.ping","id":\#(id)}"# + "\n")
            #expect(await normal.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":\#(id)}"#)
        }
        let info = try await ObjectClient.connect(to: core.socketPath)
        let counts = try await info.object("system.info")["counts"] as? [String: Any]
        #expect((counts?["openConnections"] as? Int ?? 0) > connections, "\(String(describing: counts))")
        await info.close()

        // Memory grows by the connections' small buffers, not without bound.
        let resident = try status.residentBytes()
        let growth = resident.now - before
        #expect(growth < 96 << 20, "the core grew by \(growth >> 20) MiB for \(connections) half messages")
        print(
            "HalfMessageTests: RSS \(before >> 20) MiB before, \(resident.now >> 20) MiB with \(connections) half "
                + "messages (peak \(resident.peak >> 20) MiB)")

        // A holder that finishes its message is answered too.
        try holders[500].send(Array(#"공원","body":"즐거웠다"},"id":7}"#.utf8) + [0x0A])
        let answer = await holders[500].readLine()
        #expect(
            answer?.contains(#""title":"산책 갔다가 공원""#) == true && answer?.contains(#""id":7"#) == true,
            "\(answer ?? "")")
        holders.removeAll()
        #expect(core.stop() == 0)
    }
}

/// Raises this process's soft RLIMIT_NOFILE to at least `count` (within the hard limit), so a test can hold many
/// connections; the hard limit is left alone.
func raiseDescriptorLimit(to count: Int) throws {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    guard limit.rlim_cur < rlim_t(count) else { return }
    guard limit.rlim_max >= rlim_t(count) else {
        throw TestFailure("the hard descriptor limit is \(limit.rlim_max); this test needs \(count)")
    }
    limit.rlim_cur = rlim_t(count)
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
