import ArgumentParser
import Audio
import Foundation

/// `toolkit sound play FILE [--device D]`: plays a WAV file through ALSA.
struct SoundPlay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a WAV file to an ALSA PCM (Ctrl-C stops it).")

    @Argument(help: "The WAV file.")
    var file: String

    @OptionGroup var deviceOptions: DeviceOptions

    func run() async throws {
        let playback = Playback(device: deviceOptions.device, configuration: try deviceOptions.configurationText())
        let interrupt = InterruptStop()
        let report = try await playback.play(file: file, stop: interrupt.signal)
        let seconds = Double(report.framesWritten) / Double(report.format.rate)
        let verb = report.stopped ? "Stopped after" : "Played"
        print("\(verb) \(String(format: "%.2f", seconds)) s of \(file) (\(report.format)) on \(deviceOptions.device)")
    }
}
