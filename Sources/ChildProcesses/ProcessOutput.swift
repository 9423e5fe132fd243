/// How a bounded run ended and what it printed, within ``ProcessLimits``.
public struct ProcessOutput: Sendable {
    /// How the child ended.
    public enum Ending: Sendable, Hashable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        /// The deadline passed and the process group was killed.
        case timedOut

        public var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signalled(let signal): "killed by signal \(signal)"
            case .timedOut: "timed out"
            }
        }

        /// How a child that ran to its end ended.
        public init(_ termination: Termination) {
            switch termination {
            case .exited(let status): self = .exited(status)
            case .signalled(let signal): self = .signalled(signal)
            }
        }
    }

    public var ending: Ending
    /// The start of stdout, at most ``ProcessLimits/stdoutBytes``.
    public var stdout: [UInt8]
    /// Bytes of stdout read past the limit and dropped.
    public var stdoutDropped: Int
    /// The end of stderr, at most ``ProcessLimits/stderrTailBytes``.
    public var stderrTail: [UInt8]
    /// Bytes of stderr's beginning dropped to keep its tail.
    public var stderrDropped: Int

    /// Whether the child exited with status 0.
    public var succeeded: Bool { ending == .exited(0) }

    /// The kept end of stderr as text (invalid UTF-8 repaired), trimmed.
    public var stderrText: String {
        String(decoding: stderrTail, as: UTF8.self).trimmingTrailingWhitespace
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
