#if canImport(Glibc)
import Glibc
#endif

/// Moves bytes between a child's pipes and memory without blocking on any one of them: feeds its standard
/// input and collects its standard output and error, a `poll` at a time.
struct PipeTransfer {
    private var input: [UInt8]
    private var written = 0
    private var stdin: Int32
    private var stdout: Int32
    private var stderr: Int32
    /// What standard output has brought so far.
    private(set) var output: [UInt8] = []
    /// What standard error has brought so far.
    private(set) var errors: [UInt8] = []

    /// Takes the parent's ends of the three pipes (and closes them when done).
    init(input: [UInt8], stdin: Int32, stdout: Int32, stderr: Int32) {
        self.input = input
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        for descriptor in [stdin, stdout, stderr] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        // SIGPIPE would end the test process when the child exits without reading its input; with it ignored
        // the write fails with EPIPE instead, and the rest of the input is dropped.
        if input.isEmpty { Self.closeDescriptor(&self.stdin) } else { signal(SIGPIPE, SIG_IGN) }
    }

    /// Whether standard output and error have both reached end of file.
    var outputsClosed: Bool { stdout < 0 && stderr < 0 }

    /// Waits up to `milliseconds` for any pipe to be ready, then moves what it can.
    mutating func step(waitingAtMost milliseconds: Int32) {
        var polled: [pollfd] = []
        if stdin >= 0 { polled.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
        if stdout >= 0 { polled.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
        if stderr >= 0 { polled.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
        guard !polled.isEmpty else {
            usleep(UInt32(milliseconds) * 1000)
            return
        }
        guard poll(&polled, nfds_t(polled.count), milliseconds) > 0 else { return }
        for entry in polled where entry.revents != 0 {
            if entry.fd == stdin {
                feedInput()
            } else if entry.fd == stdout {
                if !Self.drain(stdout, into: &output) { Self.closeDescriptor(&stdout) }
            } else if entry.fd == stderr {
                if !Self.drain(stderr, into: &errors) { Self.closeDescriptor(&stderr) }
            }
        }
    }

    /// Closes whatever is still open.
    mutating func closeAll() {
        Self.closeDescriptor(&stdin)
        Self.closeDescriptor(&stdout)
        Self.closeDescriptor(&stderr)
    }

    private mutating func feedInput() {
        let count = input[written...].withUnsafeBytes { write(stdin, $0.baseAddress, $0.count) }
        if count > 0 { written += count }
        if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) { Self.closeDescriptor(&stdin) }
    }

    /// Reads what `descriptor` has; returns false at end of file (or on an error other than "try again").
    private static func drain(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[..<count]
            } else if count < 0, errno == EAGAIN || errno == EINTR {
                return true
            } else {
                return false
            }
        }
    }

    private static func closeDescriptor(_ descriptor: inout Int32) {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
