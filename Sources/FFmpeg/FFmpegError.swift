/// Why a video feature could not use ffmpeg; its message is meant for the user as it is.
public struct FFmpegError: Error, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// No ffmpeg (or ffprobe) where the configuration or `PATH` says: every video feature answers this.
        case notInstalled
        /// The program exists but could not be started.
        case cannotStart
        /// The run passed its deadline and was killed.
        case timedOut
        /// It ran and failed (non-zero exit, a signal); the message gives the first error line of its stderr (the
        /// cause), then stderr's last line, and says when an allocation failed under the memory limit.
        case failed
        /// It succeeded but printed something that cannot be read (ffprobe's JSON).
        case unreadableOutput
    }

    public let code: Code
    public let message: String
    /// The end of the program's stderr, when it ran.
    public let stderrTail: String

    public init(_ code: Code, _ message: String, stderrTail: String = "") {
        self.code = code
        self.message = message
        self.stderrTail = stderrTail
    }

    public var description: String { message }

    /// What every video feature says when there is no ffmpeg: `configuredPath` is the config's `ffmpegPath`.
    public static func notInstalled(configuredPath: String?, program: String = "ffmpeg") -> FFmpegError {
        let missing =
            configuredPath.map { "\(program) is not found at \($0) (the config's ffmpegPath)" }
            ?? "\(program) is not installed or not found (set ffmpegPath)"
        return FFmpegError(.notInstalled, "\(missing); video posters and transcodes need it")
    }
}
