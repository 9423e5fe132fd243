#if canImport(Glibc)
import Glibc
#endif

/// How a child ended.
public enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal with this number ended it.
    case signalled(Int32)

    /// Reads a status from `waitpid`. WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
    public init(waitStatus: Int32) {
        let signal = waitStatus & 0x7F
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xFF) : .signalled(signal)
    }

    /// The exit status, or the signal's number.
    public var status: Int32 {
        switch self {
        case .exited(let status), .signalled(let status): status
        }
    }

    /// `exited with status 3`, `was killed by signal 9`.
    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "was killed by signal \(signal)"
        }
    }
}
