import ChildProcesses
import Foundation
import Testing
import ToolkitTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// How every child starts and ends: given streams, a directory, a group of its own, a reap that takes the
/// group's stragglers and answers the same ever after.
struct ProcessGroupLeaderTests {
    @Test func givenStreamsAndADirectoryAreWhatTheChildSees() throws {
        let scratch = try TemporaryDirectory()
        let input = scratch.appending("in")
        let output = scratch.appending("out")
        try "from the file\n".write(toFile: input, atomically: false, encoding: .utf8)
        let reading = open(input, O_RDONLY | O_CLOEXEC)
        let writing = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(reading)
            close(writing)
        }
        let options = SpawnOptions(
            streams: .given(input: reading, output: writing, error: nil), directory: scratch.path, outlivesParent: true)
        let (child, pipes) = try ProcessGroupLeader.spawn(
            "/bin/sh", ["-c", "cat; pwd; echo lost >&2"], environment: ["PATH": "/usr/bin:/bin"], options: options)
        #expect(pipes.input == -1 && pipes.output == -1 && pipes.error == -1)
        while !child.hasExited { usleep(2_000) }
        #expect(child.reap() == .exited(0))
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == "from the file\n\(URL(fileURLWithPath: scratch.path).resolvingSymlinksInPath().path)\n")
    }

    @Test func aMissingDirectoryIsReportedAsTheChildsFailureToStart() throws {
        let options = SpawnOptions(directory: "/nonexistent/directory")
        #expect(throws: SpawnError.self) {
            try ProcessGroupLeader.spawn("/bin/true", [], environment: [:], options: options)
        }
    }

    @Test func reapingTakesTheGroupsStragglersAndIsAnsweredOnce() async throws {
        let scratch = try TemporaryDirectory()
        let pidFile = scratch.appending("pid")
        let (child, pipes) = try ProcessGroupLeader.spawn(
            "/bin/sh", ["-c", "sleep 60 >/dev/null 2>&1 & echo $! > \(pidFile); exit 4"],
            environment: ["PATH": "/usr/bin:/bin"], options: SpawnOptions(outlivesParent: true))
        close(pipes.output)
        close(pipes.error)
        let straggler = try #require(try await waitForNumber(in: pidFile))
        while !child.hasExited { try await Task.sleep(for: .milliseconds(10)) }
        #expect(child.termination == nil, "not reaped until asked")
        #expect(kill(straggler, 0) == 0, "the straggler runs until the reap")
        #expect(child.reap() == .exited(4))
        #expect(child.reap() == .exited(4))
        #expect(child.termination == .exited(4))
        #expect(try await !groupIsAlive(child.pid))
        child.signalGroup(SIGKILL)  // reaped: the group's id may be reused, so nothing is sent
    }

    @Test func aSignalledChildSaysWhichSignal() throws {
        let (child, pipes) = try ProcessGroupLeader.spawn(
            "/bin/sleep", ["60"], environment: [:], options: SpawnOptions(outlivesParent: true))
        close(pipes.output)
        close(pipes.error)
        child.signal(SIGTERM)
        while !child.hasExited { usleep(2_000) }
        let ended = child.reap()
        #expect(ended == .signalled(SIGTERM))
        #expect(ended.description == "was killed by signal \(SIGTERM)")
    }
}
