#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ToolkitTesting
import ToolkitTestSupport

/// More clients than the core has descriptors for: it keeps serving the ones it has, says so once, does not
/// spin, and takes the waiting clients as soon as descriptors free.
@Suite(.serialized)
struct DescriptorExhaustionTests {
    private static let ping = #"{"jsonrpc":"2.0","method":"system.ping","id":1}"# + "\n"
    private static let pong = #"{"jsonrpc":"2.0","result":"pong","id":1}"#

    @Test func coreAtItsDescriptorLimitKeepsServingAndAcceptsAgainWhenDescriptorsFree() async throws {
        let core = try CoreProcess()
        let status = ProcessStatus(pid: core.child.pid)
        // Room for a few clients beyond what the idle core holds (prlimit from util-linux, on the running core).
        let room = 6
        let limit = try status.openDescriptors() + room
        let limited = try runCommand("/usr/bin/prlimit", ["--pid", "\(core.child.pid)", "--nofile=\(limit):\(limit)"])
        #expect(limited.status == 0, "\(limited.stderr)")

        // Given as many clients as fit, each answered, and more waiting in the backlog with a request sent.
        var served: [LineClient] = []
        for _ in 0..<room {
            let client = try LineClient(path: core.socketPath)
            try client.send(Self.ping)
            guard await client.readLine(timeout: 5) == Self.pong else { break }
            served.append(client)
        }
        #expect(served.count >= 2, "the core answered only \(served.count) clients under a limit of \(limit)")
        var waiting = try (0..<12).map { _ in try LineClient(path: core.socketPath) }
        for client in waiting { try client.send(Self.ping) }

        // While saturated, the clients it has are still served, and it does not spin on accept.
        let cpuBefore = try status.cpuSeconds()
        for _ in 0..<10 {
            for client in served {
                try client.send(Self.ping)
                #expect(await client.readLine() == Self.pong)
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let cpuUsed = try status.cpuSeconds() - cpuBefore
        // A spinning accept loop burns most of a CPU over these 2 s (0.66 s measured on a busy machine); a calm
        // core needs a few hundredths.
        #expect(cpuUsed < 0.3, "the saturated core used \(cpuUsed) s of CPU in about 2 s")

        // When descriptors free, every waiting client is accepted and answered.
        let keeper = served.removeFirst()
        served.removeAll()
        // (Each leaves once answered, so the next one has a descriptor too.)
        while !waiting.isEmpty {
            let client = waiting.removeFirst()
            #expect(await client.readLine() == Self.pong)
        }
        // Past the quiet period the core notes it accepts again; the clients it had were never dropped.
        try await Task.sleep(for: .seconds(2))
        try keeper.send(Self.ping)
        #expect(await keeper.readLine() == Self.pong)

        #expect(core.stop() == 0)
        let log = core.stderrText()
        #expect(log.components(separatedBy: "Cannot accept new connections (Too many open files)").count == 2, "\(log)")
        #expect(log.components(separatedBy: "Accepting connections again").count == 2, "\(log)")
    }
}
