/// What one run of a helper (ffmpeg, ffprobe) may use: time, priority, memory and captured output.
public struct ProcessLimits: Sendable, Hashable {
    /// After this long the whole process group is killed (SIGKILL) and the run ends as timed out.
    public var deadline: Duration
    /// The child's niceness (0 normal, 19 lowest); a core that already runs lower keeps its own.
    public var niceness: Int32
    /// The child's address space (RLIMIT_AS), in bytes; 0 leaves the core's own limit.
    public var memoryBytes: UInt64
    /// The most of stdout kept; the rest is read and dropped, so the child never blocks on a full pipe.
    public var stdoutBytes: Int
    /// How much of stderr's end is kept, for error messages.
    public var stderrTailBytes: Int

    public init(
        deadline: Duration = .seconds(120), niceness: Int32 = 10, memoryBytes: UInt64 = 1 << 30,
        stdoutBytes: Int = 1 << 20, stderrTailBytes: Int = 64 * 1024
    ) {
        self.deadline = deadline
        self.niceness = niceness
        self.memoryBytes = memoryBytes
        self.stdoutBytes = stdoutBytes
        self.stderrTailBytes = stderrTailBytes
    }
}
