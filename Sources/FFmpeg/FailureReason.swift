public import ChildProcesses
import Foundation

/// What a failed ffmpeg or ffprobe run says went wrong, from its stderr: the first line that reports an error
/// (`[rawvideo @ 0x…] [IMGUTILS @ 0x…] Picture size 100000x100000 is invalid`, its tags dropped), else the
/// first a component reported, which names the cause; then the last line (`Conversion failed!`), which says
/// what came of it. ffmpeg's last line alone rarely says why, and a component's first line may be a warning
/// (`EOI missing, emulating`).
enum FailureReason {
    /// Words of ffmpeg's error lines, lowercased.
    static let errorWords = ["error", "invalid", "failed", "cannot", "could not", "not found", "unsupported"]

    /// `"<cause>; <last line>"`, or the last line alone when nothing before it says more; empty when stderr is.
    static func summary(of stderr: String) -> String {
        let lines = stderr.split(separator: "\n").map { untagged(Substring($0.trimmingCharacters(in: .whitespaces))) }
            .filter { !$0.isEmpty }
        guard let last = lines.last else { return "" }
        let earlier = lines.dropLast()
        let error = earlier.first { line in errorWords.contains { line.lowercased().contains($0) } }
        let tagged = stderr.split(separator: "\n").first { $0.hasPrefix("[") && $0.contains(" @ ") }
            .map { untagged(Substring($0.trimmingCharacters(in: .whitespaces))) }
        guard let cause = error ?? tagged, cause != last else { return String(last) }
        return "\(cause); \(last)"
    }

    /// Whether stderr says an allocation failed (`Cannot allocate memory`, `get_buffer() failed`).
    static func ranOutOfMemory(_ stderr: String) -> Bool {
        stderr.contains("Cannot allocate memory") || stderr.contains("get_buffer() failed")
    }

    /// `line` without its leading `[name @ 0x…] ` tags.
    static func untagged(_ line: Substring) -> Substring {
        var rest = line
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]"), rest[..<close].contains(" @ ") {
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        return rest
    }
}

extension ProcessOutput {
    /// What its stderr says went wrong (see ``FailureReason``), for a run that ended well but did not do its work.
    public var failureSummary: String { FailureReason.summary(of: stderrText) }
}
