#if canImport(Glibc)
import ChildProcesses
import Glibc
#endif
import Foundation
import Testing
import ToolkitTestSupport

/// The process runner: output, input, status, and above all that nothing it started outlives it.
struct CommandTests {
    @Test func capturesBothStreamsTheStatusAndFeedsInput() async throws {
        let result = try await Command.run("/bin/sh", ["-c", "cat; echo oops >&2; exit 3"], input: "hello\n")
        #expect(result.stdout == "hello\n")
        #expect(result.stderr == "oops\n")
        #expect(result.status == 3)
        #expect(result.termination == .exited(3))
        #expect(!result.timedOut)
    }

    @Test func findsProgramsOnThePathAndRunsInTheDirectoryAndEnvironmentGiven() async throws {
        let directory = try TemporaryDirectory()
        let result = try await Command.run(
            "sh", ["-c", "pwd; echo $GREETING"], environment: ["PATH": "/usr/bin:/bin", "GREETING": "hi"],
            in: directory.path)
        #expect(result.stdout == "\(directory.path)\nhi\n")
    }

    @Test func aChattyProgramDoesNotBlockOnAFullPipe() async throws {
        // 4 MiB on each stream, far more than a pipe holds, and 1 MiB of input it never reads.
        let script = "head -c 4194304 /dev/zero; head -c 4194304 /dev/zero >&2"
        let result = try await Command.run("/bin/sh", ["-c", script], input: String(repeating: "x", count: 1 << 20))
        #expect(result.standardOutput.count == 4 << 20)
        #expect(result.standardError.count == 4 << 20)
        #expect(result.status == 0)
    }

    @Test func aSignalledProgramReportsItsSignal() async throws {
        let result = try await Command.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(result.termination == .signalled(SIGTERM))
        #expect(result.status == SIGTERM)
    }

    @Test func aHungProgramIsKilledWithItsGroupAtTheTimeout() async throws {
        // Given a shell that starts a grandchild in the background and then hangs
        let directory = try TemporaryDirectory()
        let pidFile = directory.appending("grandchild.pid")
        let script = "sleep 300 & echo $! > '\(pidFile)'; sleep 300"

        // When it outlives its timeout
        let started = ContinuousClock.now
        let result = try await Command(
            "/bin/sh", ["-c", script], timeout: .milliseconds(500)
        ).run()

        // Then it is killed promptly, and so is the grandchild
        #expect(result.timedOut)
        #expect(result.termination == .signalled(SIGKILL))
        // Long before the 300 s sleeps would end, however long the command waited for a slot on a busy machine.
        #expect(ContinuousClock.now - started < .seconds(200))
        let grandchild = try #require(pid_t(String(decoding: try directory.read(pidFile), as: UTF8.self).trimmed))
        #expect(isGone(grandchild))
    }

    @Test func whatAProgramLeavesRunningInItsGroupIsKilledWhenItExits() async throws {
        // Given a shell that leaves a grandchild holding its standard output open
        let started = ContinuousClock.now
        let result = try await Command.run("/bin/sh", ["-c", "sleep 300 & echo $!"])

        // Then the run ends when the shell does, and the grandchild is gone
        #expect(!result.timedOut)
        #expect(result.status == 0)
        // Long before the 300 s sleeps would end, however long the command waited for a slot on a busy machine.
        #expect(ContinuousClock.now - started < .seconds(200))
        #expect(isGone(try #require(pid_t(result.stdout.trimmed))))
    }

    @Test func aMissingProgramIsAnError() async {
        await #expect(throws: TestFailure.self) { try await Command.run("no-such-program-anywhere", []) }
    }
}

/// Whether `pid` no longer runs: it does not exist, or it is a zombie waiting for its new parent to reap it.
/// Polls for up to 5 s, since the kernel delivers SIGKILL asynchronously.
func isGone(_ pid: pid_t) -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return true }
        usleep(10_000)
    }
    return false
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
