#if canImport(Glibc)
import Glibc
#endif
import CSpawn

/// What a child gets besides a group of its own, default signals and a parent-death signal.
public struct SpawnOptions: Sendable {
    /// Where the child's standard streams come from.
    public enum Streams: Sendable {
        /// New pipes for stdout and stderr, stdin from /dev/null; the parent's ends are in ``SpawnedPipes``.
        case pipes
        /// New pipes for stdin, stdout and stderr.
        case pipesWithInput
        /// These descriptors (duplicated: the caller keeps its own), /dev/null where nil; no pipes.
        case given(input: Int32?, output: Int32?, error: Int32?)
    }

    public var streams: Streams
    /// Above 0: run at this niceness, or lower if the caller already runs lower.
    public var niceness: Int32
    /// Above 0: the child's address space (RLIMIT_AS) in bytes.
    public var memoryBytes: UInt64
    /// No core dumps (RLIMIT_CORE 0).
    public var noCoreDumps: Bool
    /// A pidfd that becomes readable when the child ends, in ``SpawnedPipes/exit``.
    public var exitDescriptor: Bool
    /// Where the child starts; this process's directory when nil.
    public var directory: String?
    /// No parent-death signal. The signal fires when the *thread* that forked ends, so a caller forking from a
    /// thread that may end first (Swift concurrency's pool) sets this; the core's callers fork from threads that
    /// live as long as their children.
    public var outlivesParent: Bool

    public init(
        streams: Streams = .pipes, niceness: Int32 = 0, memoryBytes: UInt64 = 0, noCoreDumps: Bool = false,
        exitDescriptor: Bool = false, directory: String? = nil, outlivesParent: Bool = false
    ) {
        self.streams = streams
        self.niceness = niceness
        self.memoryBytes = memoryBytes
        self.noCoreDumps = noCoreDumps
        self.exitDescriptor = exitDescriptor
        self.directory = directory
        self.outlivesParent = outlivesParent
    }
}

/// The parent's ends of a new child's pipes (-1 where there is none), all close-on-exec, the caller's to close.
public struct SpawnedPipes: Sendable {
    /// Writes the child's stdin.
    public var input: Int32
    /// Reads the child's stdout.
    public var output: Int32
    /// Reads the child's stderr.
    public var error: Int32
    /// A pidfd readable once the child has ended.
    public var exit: Int32
}

/// A child that could not be started: the step that failed (exec's included) and why.
public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public var description: String { "Cannot start \(path): \(String(cString: strerror(errno)))." }
}

extension ProcessGroupLeader {
    /// Starts `path` (an absolute or relative path, not looked up on `PATH`) with `arguments` and exactly
    /// `environment`, every descriptor above 2 closed in the child.
    /// - Throws: ``SpawnError``.
    public static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String], options: SpawnOptions = SpawnOptions()
    ) throws(SpawnError) -> (ProcessGroupLeader, SpawnedPipes) {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let directory = options.directory.map { strdup($0) } ?? nil
        defer {
            for pointer in argv + envp + [directory] { free(pointer) }
        }
        var raw = toolkit_spawn_options()
        switch options.streams {
        case .pipes: break
        case .pipesWithInput: raw.stdin_pipe = 1
        case .given(let input, let output, let error):
            raw.given_stdio = 1
            raw.stdio = (input ?? -1, output ?? -1, error ?? -1)
        }
        raw.niceness = options.niceness
        raw.memory_bytes = options.memoryBytes
        raw.no_core_dumps = options.noCoreDumps ? 1 : 0
        raw.pidfd = options.exitDescriptor ? 1 : 0
        raw.directory = UnsafePointer(directory)
        raw.outlive_parent = options.outlivesParent ? 1 : 0
        var fds: [Int32] = [-1, -1, -1, -1]
        var failure: Int32 = 0
        let pid = toolkit_spawn(path, argv, envp, &raw, &fds, &failure)
        guard pid > 0 else { throw SpawnError(path: path, errno: failure) }
        return (ProcessGroupLeader(pid: pid), SpawnedPipes(input: fds[0], output: fds[1], error: fds[2], exit: fds[3]))
    }
}
