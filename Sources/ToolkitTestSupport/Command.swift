#if canImport(Glibc)
import Glibc
#endif
import ChildProcesses
import Foundation

/// A program to run to completion, with its arguments, environment, directory, input and time limit.
///
/// It runs in a process group of its own (see ``ChildProcess``). Its standard output and error are read
/// while it runs, so a chatty program cannot block on a full pipe. When it exits, whatever it left running
/// in its group is killed; when it outlives `timeout`, its whole group is killed and the result says
/// ``CommandResult/timedOut``.
public struct Command: Sendable {
    /// A path, or a name looked up on `PATH`.
    public var executable: String
    /// The arguments after the program's name.
    public var arguments: [String]
    /// The whole environment; this process's when nil.
    public var environment: [String: String]?
    /// Where the program starts; this process's directory when nil.
    public var currentDirectory: String?
    /// What the program reads on standard input; it sees end of file after it (at once when nil).
    public var input: [UInt8]?
    /// How long the program may run before its group is killed.
    public var timeout: Duration

    /// The default time limit: long enough for any test's command on a busy 2-core machine, short enough that
    /// a hung one fails its test instead of the whole run.
    public static let defaultTimeout: Duration = .seconds(300)

    /// A command; see the properties for each parameter.
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
        currentDirectory: String? = nil, input: [UInt8]? = nil, timeout: Duration = Command.defaultTimeout
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.input = input
        self.timeout = timeout
    }

    /// Runs the command and waits for it on a thread of its own (see ``offThePool(_:)``): a test awaiting a
    /// long command leaves the cooperative pool, two threads on a two-core machine, to the tests running meanwhile.
    /// - Throws: ``TestFailure`` when the program cannot be started.
    /// Waits first for one of ``CommandSlots``, so that parallel tests do not run more commands than the machine
    /// has cores.
    public func run() async throws -> CommandResult {
        try await CommandSlots.shared.withSlot { try await offThePool { try self.runBlocking() } }
    }

    /// Runs the command and waits for it, blocking the calling thread: for code that cannot await (a static
    /// initializer); an async test calls ``run()``.
    /// - Throws: ``TestFailure`` when the program cannot be started.
    public func runBlocking() throws -> CommandResult {
        let stdin = try PipeDescriptors.make()
        let stdout = try PipeDescriptors.make()
        let stderr = try PipeDescriptors.make()
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable, arguments, environment: environment, currentDirectory: currentDirectory,
                standardInput: stdin.read, standardOutput: stdout.write, standardError: stderr.write)
        } catch {
            for descriptor in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] {
                close(descriptor)
            }
            throw error
        }
        for descriptor in [stdin.read, stdout.write, stderr.write] { close(descriptor) }
        var transfer = PipeTransfer(input: input ?? [], stdin: stdin.write, stdout: stdout.read, stderr: stderr.read)
        let deadline = ContinuousClock.now + timeout
        var timedOut = false
        var exited = false
        // Until the program has exited and both pipes are at end of file. An exit kills the group's stragglers,
        // which closes the pipes they held; so does the group's kill at the deadline.
        while !(exited && transfer.outputsClosed) {
            transfer.step(waitingAtMost: 10)
            if !exited, child.hasExited {
                exited = true
                child.sendToGroup(SIGKILL)
            }
            if !timedOut, ContinuousClock.now >= deadline {
                timedOut = true
                child.sendToGroup(SIGKILL)
            }
            // A process outside the group (one that called setsid) may hold the pipes for ever.
            if timedOut, ContinuousClock.now >= deadline + .seconds(2) { break }
        }
        transfer.closeAll()
        let termination = child.wait().termination
        return CommandResult(
            status: termination.status, termination: termination, timedOut: timedOut,
            standardOutput: transfer.output, standardError: transfer.errors)
    }
}

extension Command {
    /// Runs `executable` with `arguments` to completion and captures its output.
    /// - Parameters:
    ///   - input: text for its standard input.
    ///   - environment: the whole environment; this process's when nil.
    ///   - directory: where it starts.
    ///   - timeout: how long it may run before it is killed with its process group.
    /// - Throws: ``TestFailure`` when it cannot be started.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String] = [], input: String? = nil,
        environment: [String: String]? = nil, in directory: String? = nil, timeout: Duration = defaultTimeout
    ) async throws -> CommandResult {
        try await Command(
            executable, arguments, environment: environment, currentDirectory: directory,
            input: input.map { Array($0.utf8) }, timeout: timeout
        ).run()
    }

    /// Runs `script` with `bash -c` under `set -euo pipefail` (for oracles such as `tar … | zstd …`).
    @discardableResult
    public static func shell(
        _ script: String, in directory: String? = nil, timeout: Duration = defaultTimeout
    ) async throws -> CommandResult {
        try await run("/bin/bash", ["-c", "set -euo pipefail; " + script], in: directory, timeout: timeout)
    }
}

/// Runs `executable` with `arguments` (see ``Command/run(_:_:input:environment:in:timeout:)``).
@discardableResult
public func runCommand(
    _ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String]? = nil,
    in directory: String? = nil
) async throws -> CommandResult {
    try await Command.run(executable, arguments, input: input, environment: environment, in: directory)
}

/// A pipe's two descriptors, both close-on-exec (the child gets its end through `dup2`).
private enum PipeDescriptors {
    static func make() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        // pipe2(O_CLOEXEC) is not imported; a child spawned meanwhile by another thread still inherits neither
        // end, as ChildProcess closes every descriptor above 2 in the child.
        guard pipe(&descriptors) == 0 else { throw TestFailure("pipe: \(String(cString: strerror(errno)))") }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }
}
