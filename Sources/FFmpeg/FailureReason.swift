import Foundation

/// What a failed ffmpeg or ffprobe run says went wrong, from its stderr: the first line a component reported
/// (`[rawvideo @ 0x…] [IMGUTILS @ 0x…] Picture size 100000x100000 is invalid`, its tags dropped), which names
/// the cause, then the last line (`Conversion failed!`), which says what came of it. ffmpeg's last line alone
/// rarely says why.
enum FailureReason {
    /// `"<cause>; <last line>"`, or the last line alone when no component reported anything before it; empty
    /// when stderr is.
    static func summary(of stderr: String) -> String {
        let lines = stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let last = lines.last else { return "" }
        let reported = lines.lazy.map { ($0, untagged(Substring($0))) }.first { !$0.1.isEmpty && $0.1 != $0.0 }
        guard let cause = reported?.1, cause != last else { return last }
        return "\(cause); \(last)"
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
