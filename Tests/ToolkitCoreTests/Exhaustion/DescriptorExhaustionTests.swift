#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// More clients than the core has descriptors for: it keeps serving the ones it has, says so once, does not
/// spin, and takes the waiting clients as soon as descriptors free.
@Suite(.serialized)
struct DescriptorExhaustionTests {
    private static let ping = #"{"jsonrpc":"2.0","method":"system.ping","id":1}"# + "\n"
    private static let pong = #"{"jsonrpc":"2.0","result":"pong","id":1}"#

    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
            "at its descriptor limit a core cannot start TSan's symbolizer, so a suppressed report comes unsymbolized")
    )
    func coreAtItsDescriptorLimitKeepsServingAndAcceptsAgainWhenDescriptorsFree() async throws {
        let core = try CoreProcess()
        let status = ProcessStatus(pid: core.child.pid)
        // Room for a few clients beyond what the idle core holds (prlimit from util-linux, on the running core).
        let room = 6
        let limit = try status.openDescriptors() + room
        let limited = try await runCommand(
            "/usr/bin/prlimit", ["--pid", "\(core.child.pid)", "--nofile=\(limit):\(limit)"])
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

        // While saturated, the clients it has are still served.
        for client in served {
            try client.send(Self.ping)
            #expect(await client.readLine() == Self.pong)
        }
        // And it does not spin on accept: left alone for 2 s with clients waiting, it needs next to no CPU.
        let cpuBefore = try status.cpuSeconds()
        try await Task.sleep(for: .seconds(2))
        let cpuUsed = try status.cpuSeconds() - cpuBefore
        // A spinning accept loop burns most of a CPU over these 2 s (1.3 s measured on a busy machine); a calm
        // core retries eight times.
        #expect(cpuUsed < 0.2, "the saturated core used \(cpuUsed) s of CPU in 2 s with nothing to answer")
        for client in served {
            try client.send(Self.ping)
            #expect(await client.readLine() == Self.pong)
        }

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
        // Said once when accept first failed and once when it worked again, not once per failed attempt (every
        // 250 ms for more than 2 s here). On a very slow machine (under ThreadSanitizer) draining the waiting
        // clients can take over the 1 s quiet period, and the episode is then told as two.
        let log = core.stderrText()
        let warnings = log.components(separatedBy: "Cannot accept new connections (Too many open files)").count - 1
        let recoveries = log.split(separator: "\n").filter { $0.contains("Accepting connections again") }
        let attempts = recoveries.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("accept.failed_attempts=") }
                .flatMap { Int($0.dropFirst("accept.failed_attempts=".count)) }
        }
        #expect((1...2).contains(warnings), "\(log)")
        #expect(recoveries.count == warnings, "\(log)")
        #expect(attempts.reduce(0, +) >= 8, "\(log)")
    }
}
