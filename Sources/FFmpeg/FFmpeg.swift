public import ChildProcesses
import Foundation
import NIOConcurrencyHelpers

/// ffmpeg and ffprobe as the core uses them: found once at start, each run bounded (``LimitedProcess``,
/// ``ProcessLimits``) and at most ``RunSlots/count`` runs at once, so a bulk import cannot take every core
/// from the socket. Without ffmpeg every run throws the same ``FFmpegError/notInstalled(configuredPath:program:)``
/// and the rest of the toolkit works.
public final class FFmpeg: Sendable {
    /// The programs, or why there are none.
    public let located: Result<FFmpegInstallation, FFmpegError>
    /// The runs allowed at once.
    public let slots: RunSlots
    /// Each run's limits unless the caller gives its own.
    public let limits: ProcessLimits
    private let childEnvironment: [String: String]
    private let knownVersion = NIOLockedValueBox<String?>(nil)

    /// One run per two processors, at least one: a 2-core machine runs one at a time.
    public static var defaultConcurrentRuns: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    /// Finds the programs. - Parameters: `configuredPath` is the config's `ffmpegPath`; `searchPath` is
    /// `PATH`'s value, searched without one and given to the runs.
    public init(
        configuredPath: String?, searchPath: String?, concurrentRuns: Int = FFmpeg.defaultConcurrentRuns,
        limits: ProcessLimits = ProcessLimits()
    ) {
        located = Result { () throws(FFmpegError) in
            try FFmpegInstallation.locate(configuredPath: configuredPath, searchPath: searchPath)
        }
        slots = RunSlots(count: concurrentRuns)
        self.limits = limits
        childEnvironment = ["PATH": searchPath ?? "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C"]
    }

    /// The programs.
    /// - Throws: ``FFmpegError`` `.notInstalled`, the error every video feature gives without ffmpeg.
    public func installation() throws(FFmpegError) -> FFmpegInstallation { try located.get() }

    /// ffmpeg's version (`5.1.6-0+deb12u1`), from the first line of `ffmpeg -version`, read once.
    /// - Throws: ``FFmpegError`` when there is no ffmpeg or it does not run.
    public func version() async throws -> String {
        if let known = knownVersion.withLockedValue({ $0 }) { return known }
        let output = try await run(
            installation().ffmpegPath, ["-version"], limits: ProcessLimits(deadline: .seconds(10)), program: "ffmpeg")
        let line = String(decoding: output.stdout.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let words = line.split(separator: " ")
        let version = words.count > 2 && words[1] == "version" ? String(words[2]) : line
        knownVersion.withLockedValue { $0 = version }
        return version
    }

    /// Whose slot a run takes.
    public enum Slot: Sendable {
        /// One of ``slots``: posters and probes, short runs that wait their turn.
        case shared
        /// None of ``slots``: the caller bounds these runs with slots of its own (the core's queue of
        /// browser-playable copies), so that a transcode of many minutes keeps no poster or probe waiting.
        case heldByCaller
    }

    /// Runs ffmpeg on `input` with `output`'s arguments (codecs, filters, the output file), in a slot, with
    /// no stdin, no banner and nothing but `input` read.
    /// - Throws: ``FFmpegError`` (`.notInstalled`, `.cannotStart`, `.timedOut`, `.failed`), or
    ///   `CancellationError` when the awaiting task is cancelled (the run is killed).
    public func run(_ input: FFmpegInput, output: [String], limits: ProcessLimits? = nil, slot: Slot = .shared)
        async throws -> ProcessOutput
    {
        let ffmpeg = try installation().ffmpegPath
        let arguments = ["-nostdin", "-hide_banner"] + input.arguments + output
        let limits = limits ?? self.limits
        switch slot {
        case .shared:
            return try await slots.withSlot { try await run(ffmpeg, arguments, limits: limits, program: "ffmpeg") }
        case .heldByCaller:
            return try await run(ffmpeg, arguments, limits: limits, program: "ffmpeg")
        }
    }

    /// What ffprobe says of `input`'s streams and container.
    /// - Throws: ``FFmpegError`` (`.notInstalled` without ffprobe, `.failed` for what it cannot read,
    ///   `.unreadableOutput`), or `CancellationError`.
    public func probe(_ input: FFmpegInput, limits: ProcessLimits? = nil) async throws -> VideoProbe {
        let installation = try installation()
        guard let ffprobe = installation.ffprobePath else {
            throw FFmpegError.notInstalled(configuredPath: nil, program: "ffprobe")
        }
        let output = try await slots.withSlot {
            try await run(
                ffprobe,
                ["-hide_banner", "-v", "error", "-print_format", "json", "-show_streams", "-show_format"]
                    + input.arguments,
                limits: limits ?? self.limits, program: "ffprobe")
        }
        guard output.stdoutDropped == 0 else {
            throw FFmpegError(.unreadableOutput, "ffprobe said more than \(output.stdout.count) bytes.")
        }
        return try VideoProbe(json: output.stdout)
    }

    /// One bounded run, its ending turned into an error unless it succeeded.
    private func run(_ executable: String, _ arguments: [String], limits: ProcessLimits, program: String)
        async throws -> ProcessOutput
    {
        let output: ProcessOutput
        do {
            output = try await LimitedProcess.run(executable, arguments, environment: childEnvironment, limits: limits)
        } catch let error as SpawnError {
            throw FFmpegError(.cannotStart, error.description)
        }
        switch output.ending {
        case .exited(0):
            return output
        case .timedOut:
            throw FFmpegError(
                .timedOut, "\(program) took longer than \(limits.deadline) and was stopped.",
                stderrTail: output.stderrText)
        default:
            let reason = FailureReason.summary(of: output.stderrText)
            let memory =
                FailureReason.ranOutOfMemory(output.stderrText) && limits.memoryBytes > 0
                ? " (out of memory: a run may use \(limits.memoryBytes >> 20) MiB)" : ""
            throw FFmpegError(
                .failed, "\(program) failed (\(output.ending))\(reason.isEmpty ? "" : ": " + reason)\(memory)",
                stderrTail: output.stderrText)
        }
    }
}
