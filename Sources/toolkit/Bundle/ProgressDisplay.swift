import Archiving
import Foundation
import NIOConcurrencyHelpers

/// Shows progress on stderr: a bar redrawn in place on a terminal, plain lines at each tenth otherwise.
final class ProgressDisplay: Sendable {
    private struct State {
        var lastDraw = ContinuousClock.now - .seconds(1)
        var lastTenth = 0
        var drewBar = false
    }

    private let verb: String
    private let unit: String?
    private let enabled: Bool
    private let terminal: Bool
    private let start = ContinuousClock.now
    private let state = NIOLockedValueBox(State())

    /// - Parameters:
    ///   - verb: what is happening, e.g. "packing".
    ///   - quiet: show nothing.
    ///   - unit: what is counted when it is not bytes, e.g. "s" for the seconds of a recording: then the
    ///     count (`3/10 s`) is shown instead of a rate.
    init(verb: String, quiet: Bool, unit: String? = nil) {
        self.verb = verb
        self.unit = unit
        enabled = !quiet
        terminal = isatty(2) == 1
    }

    /// The handler to pass to the library.
    var handler: ArchiveProgressHandler? {
        guard enabled else { return nil }
        return { [self] progress in update(progress) }
    }

    private func update(_ progress: ArchiveProgress) {
        guard let total = progress.bytesTotal, total > 0 else { return }
        let fraction = min(1, Double(progress.bytesDone) / Double(total))
        let now = ContinuousClock.now
        let output: String? = state.withLockedValue { state in
            if terminal {
                guard now - state.lastDraw >= .milliseconds(100) || fraction >= 1 else { return nil }
                state.lastDraw = now
                state.drewBar = true
                let width = 30
                let filled = Int(fraction * Double(width))
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                let name = progress.member.count > 40 ? "…" + progress.member.suffix(39) : progress.member
                return "\r\u{1B}[2K\(verb) [\(bar)] \(Int(fraction * 100))% \(rate(progress.bytesDone, now)) \(name)"
            }
            let tenth = Int(fraction * 10)
            guard tenth > state.lastTenth else { return nil }
            state.lastTenth = tenth
            let speed = rate(progress.bytesDone, now)
            var details = progress.membersDone > 0 ? ["\(progress.membersDone) members"] : []
            if !speed.isEmpty { details.append(speed) }
            return "\(verb): \(tenth * 10)%\(details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")\n"
        }
        if let output { FileHandle.standardError.write(Data(output.utf8)) }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        let drew = state.withLockedValue { $0.drewBar }
        if terminal && drew { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    private func rate(_ bytes: Int64, _ now: ContinuousClock.Instant) -> String {
        if let unit { return "\(bytes) \(unit)" }
        let seconds = Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds)
        guard seconds > 0.05 else { return "" }
        return "\(Int64(Double(bytes) / seconds).humanBytes)/s"
    }
}
