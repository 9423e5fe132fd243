/// What a finished command printed and how it ended.
public struct CommandResult: Sendable {
    /// The exit status, or the number of the signal that ended it.
    public var status: Int32
    /// How the command ended.
    public var termination: ChildProcess.Termination
    /// Whether the command ran out of time and was killed with its process group.
    public var timedOut: Bool
    /// Everything it wrote to standard output.
    public var standardOutput: [UInt8]
    /// Everything it wrote to standard error.
    public var standardError: [UInt8]

    /// Standard output as UTF-8 text.
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }
}
