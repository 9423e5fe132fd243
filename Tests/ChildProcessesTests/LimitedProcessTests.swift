import ChildProcesses
import Foundation
import Testing
import ToolkitTestSupport

/// The bounded run every ffmpeg and rclone run takes, shown with `sh`: the limits are what the child sees, and
/// nothing of its process group outlives the run.
struct LimitedProcessTests {
    @Test func theChildRunsNicedWithAMemoryLimitNoCoreDumpsAndNoStdin() async throws {
        let output = try await LimitedProcess.run(
            "/bin/sh", ["-c", "ulimit -v; ulimit -c; nice; cat; echo end"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(niceness: 10, memoryBytes: 512 << 20))
        let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
        #expect(output.succeeded)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first == "524288")
        #expect(lines.dropFirst().first == "0")
        #expect((lines.dropFirst(2).first.flatMap { Int($0) } ?? 0) >= 10, "\(lines)")
        #expect(lines.last == "end")
    }

    @Test func theChildIsInAProcessGroupOfItsOwn() async throws {
        let output = try await LimitedProcess.run("/bin/sh", ["-c", "echo $$; ps -o pgid= -p $$"])
        let numbers = String(decoding: output.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        #expect(numbers.count == 2 && numbers[0] == numbers[1], "\(numbers)")
    }

    @Test func theDeadlineKillsTheWholeGroup() async throws {
        let scratch = try TemporaryDirectory()
        let pidFile = scratch.appending("pid")
        let output = try await LimitedProcess.run(
            "/bin/sh", ["-c", "echo $$ > \(pidFile); sleep 60 & sleep 60"], environment: ["PATH": "/usr/bin:/bin"],
            limits: ProcessLimits(deadline: .seconds(1)))
        #expect(output.ending == .timedOut)
        let group = try #require(try await waitForNumber(in: pidFile))
        #expect(try await !groupIsAlive(group), "a process of group \(group) is left")
    }

    @Test func cancellingTheAwaitingTaskKillsTheGroup() async throws {
        let scratch = try TemporaryDirectory()
        let pidFile = scratch.appending("pid")
        let run = Task {
            try await LimitedProcess.run(
                "/bin/sh", ["-c", "echo $$ > \(pidFile); sleep 60 & sleep 60"], environment: ["PATH": "/usr/bin:/bin"])
        }
        let group = try #require(try await waitForNumber(in: pidFile))
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(try await !groupIsAlive(group), "a process of group \(group) is left")
    }

    @Test func aChildThatEndsLeavesNothingOfItsGroupRunning() async throws {
        let scratch = try TemporaryDirectory()
        let pidFile = scratch.appending("pid")
        let output = try await LimitedProcess.run(
            "/bin/sh", ["-c", "echo $$ > \(pidFile); sleep 60 >/dev/null 2>&1 & exit 3"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(output.ending == .exited(3))
        let group = try #require(try await waitForNumber(in: pidFile))
        #expect(try await !groupIsAlive(group))
    }

    @Test func outputIsBoundedHeadOfStdoutTailOfStderr() async throws {
        let output = try await LimitedProcess.run(
            "/bin/sh", ["-c", "head -c 3000000 /dev/zero; head -c 2000000 /dev/zero >&2; echo last >&2"],
            environment: ["PATH": "/usr/bin:/bin"], limits: ProcessLimits(stdoutBytes: 1000, stderrTailBytes: 100))
        #expect(output.succeeded)
        #expect(output.stdout.count == 1000 && output.stdoutDropped == 2_999_000)
        #expect(output.stderrTail.count == 100 && output.stderrDropped == 2_000_005 - 100)
        #expect(output.stderrText.hasSuffix("last"))
    }

    @Test func aProgramThatCannotStartSaysWhy() async throws {
        let error = await #expect(throws: SpawnError.self) {
            try await LimitedProcess.run("/nonexistent/program", [])
        }
        #expect(error?.errno == ENOENT)
        #expect(error?.description == "Cannot start /nonexistent/program: No such file or directory.")
    }
}
