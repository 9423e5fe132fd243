import Audio
import Foundation

/// `audio-bench latency FILE DEVICE COUNT`: prepares FILE on DEVICE, plays it COUNT times and prints
/// the time from calling `play()` to the first period written, in microseconds, one line per play.
@main
struct AudioBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, arguments[1] == "latency", let count = Int(arguments[4]) else {
            FileHandle.standardError.write(Data("usage: audio-bench latency FILE DEVICE COUNT\n".utf8))
            exit(64)
        }
        let sound = try await PreparedSound(file: arguments[2], device: arguments[3])
        defer { sound.close() }
        var lines = ""
        for _ in 0..<count {
            let start = ContinuousClock.now
            let report = try await sound.play()
            guard let first = report.firstPeriodWrittenAt else { continue }
            let elapsed = first - start
            let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
            lines += String(format: "%.1f\n", micros)
        }
        FileHandle.standardOutput.write(Data(lines.utf8))
    }
}
