import ArgumentParser
import Audio
import Foundation

/// `toolkit sound record FILE --seconds N [--device D --rate R --channels C --bits B]`, or, through the core,
/// `toolkit sound record --save TITLE --seconds N [--device D --rate R --channels C]`.
struct SoundRecord: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record from an ALSA PCM into a WAV file (Ctrl-C stops it; the file stays valid).",
        discussion: """
            With --save TITLE instead of FILE, the running core records (from --device, else its captureDevice \
            setting) into a new sound and the sound's id is printed; Ctrl-C then cancels and nothing is kept.
            """)

    @Argument(help: "The WAV file to write (replaced if it exists).")
    var file: String?

    @Option(help: ArgumentHelp("Record through the core into a new sound with this title.", valueName: "title"))
    var save: String?

    @OptionGroup var global: GlobalOptions

    @Option(help: "How long to record, in seconds; without it, records until Ctrl-C.")
    var seconds: Double?

    @Option(help: "Frames per second (Hz).")
    var rate = 44_100

    @Option(help: "Channels.")
    var channels = 1

    @Option(help: "Bits per sample: 16 or 24.")
    var bits = 16

    @OptionGroup var deviceOptions: DeviceOptions

    func validate() throws {
        guard (file == nil) != (save == nil) else { throw ValidationError("Give a FILE to write, or --save TITLE.") }
        if save != nil { try validateSave() }
        if let seconds, !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("--seconds must be more than 0 and at most 86400, not \(seconds)")
        }
        guard bits == 16 || bits == 24 else { throw ValidationError("--bits must be 16 or 24, not \(bits)") }
        guard (1...AudioFormat.maximumRate).contains(rate) else {
            throw ValidationError("--rate must be 1 to \(AudioFormat.maximumRate) Hz, not \(rate)")
        }
        guard (1...AudioFormat.maximumChannels).contains(channels) else {
            throw ValidationError("--channels must be 1 to \(AudioFormat.maximumChannels), not \(channels)")
        }
    }

    func run() async throws {
        if let save { return try await record(saving: save) }
        guard let file else { return }
        let format = AudioFormat(sampleFormat: bits == 24 ? .signed24 : .signed16, rate: rate, channels: channels)
        let recording = Recording(
            device: deviceOptions.device, configuration: try deviceOptions.configurationText(), format: format)
        let interrupt = InterruptStop()
        let report = try await recording.record(
            to: file, duration: seconds.map { .milliseconds(Int64(($0 * 1_000).rounded())) }, stop: interrupt.signal)
        let verb = report.stopped ? "Stopped after" : "Recorded"
        print(
            "\(verb) \(String(format: "%.2f", report.duration)) s (\(report.format)) "
                + "from \(deviceOptions.device) into \(file)"
        )
    }
}
