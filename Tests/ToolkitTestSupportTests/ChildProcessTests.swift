#if canImport(Glibc)
import ChildProcesses
import Glibc
#endif
import Testing
@testable import ToolkitTestSupport

/// A child in a group of its own: stopped with everything it started.
struct ChildProcessTests {
    @Test func stoppingAChildAlsoKillsWhatItStarted() throws {
        // Given a child that started a grandchild
        let directory = try TemporaryDirectory()
        let pidFile = directory.appending("grandchild.pid")
        let child = try ChildProcess("/bin/sh", ["-c", "sleep 300 & echo $! > '\(pidFile)'; wait"])
        var text = ""
        for _ in 0..<500 where text.isEmpty {
            text = (try? directory.read(pidFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            usleep(10_000)
        }
        let grandchild = try #require(pid_t(text.trimmed))

        // When the child is stopped
        #expect(!child.hasExited)
        #expect(child.stop(signal: SIGTERM) == .signalled(SIGTERM))

        // Then the grandchild is gone too
        #expect(child.hasExited)
        #expect(isGone(grandchild))
    }

    @Test func waitWithATimeoutKillsTheGroup() throws {
        let child = try ChildProcess("/bin/sleep", ["300"])
        let (termination, timedOut) = child.wait(timeout: .milliseconds(100))
        #expect(timedOut)
        #expect(termination == .signalled(SIGKILL))
        #expect(child.stop() == .signalled(SIGKILL), "a stopped child keeps its termination")
    }

    @Test func aChildGivenItsOwnEnvironmentStillGetsTheSanitizersOptions() {
        // Given a test process run by make sanitize-thread, whose options say where reports go
        let inherited = ["PATH": "/usr/bin", "TSAN_OPTIONS": "log_path=/r/tsan", "HOME": "/root"]

        // Then a child given an environment of its own gets them too, and keeps its own where it has them
        let child = ChildProcess.environment(["PATH": "/bin", "COLUMNS": "80"], inheriting: inherited)
        #expect(child == ["PATH": "/bin", "COLUMNS": "80", "TSAN_OPTIONS": "log_path=/r/tsan"])
        let own = ChildProcess.environment(["TSAN_OPTIONS": "halt_on_error=1"], inheriting: inherited)
        #expect(own == ["TSAN_OPTIONS": "halt_on_error=1"])
        #expect(ChildProcess.environment(nil, inheriting: inherited) == inherited)
    }
}
