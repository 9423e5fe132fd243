import ArgumentParser
import Audio
import Foundation
import ToolkitAPI

/// `toolkit sound play FILE|ID [--device D] [--wait]`: a WAV file played here through ALSA, or one of the core's
/// sounds played by the core.
struct SoundPlay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a WAV file here, or one of the core's sounds by its id.",
        discussion: """
              toolkit sound play bark.wav -d null    a file: played here, no core needed
              toolkit sound play bell --wait         an id: played by the core
            An argument that names an existing file is played by this process through ALSA, on --device \
            (default: default); Ctrl-C stops it. Anything else is a sound's id (see toolkit sound list), \
            played by the core on --device, else the settings' soundDevice: the command returns once the sound \
            has started, or with --wait once it has ended, with the frames written and underruns. toolkit \
            sound stop stops what the core plays.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A WAV file, or a sound's id.", valueName: "file|id"))
    var sound: String

    @Option(
        name: .shortAndLong,
        help: "The ALSA PCM: default, null, \"file:'/tmp/out.raw',raw\", a name from .asoundrc.")
    var device: String?

    @Option(
        name: .customLong("alsa-config"),
        help: ArgumentHelp(
            "A file of ALSA configuration merged over the system's (for a file played here).", valueName: "file"))
    var alsaConfig: String?

    @Flag(help: "For a sound played by the core: return when it has ended rather than when it started.")
    var wait = false

    func run() async throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: sound, isDirectory: &isDirectory), !isDirectory.boolValue {
            try await playHere()
        } else {
            try await playInCore()
        }
    }

    private func playHere() async throws {
        let device = device ?? "default"
        let playback = Playback(device: device, configuration: try configurationText())
        let interrupt = InterruptStop()
        let report = try await playback.play(file: sound, stop: interrupt.signal)
        let seconds = Double(report.framesWritten) / Double(report.format.rate)
        let verb = report.stopped ? "Stopped after" : "Played"
        print("\(verb) \(String(format: "%.2f", seconds)) s of \(sound) (\(report.format)) on \(device)")
    }

    private func playInCore() async throws {
        let core: CoreCall
        do {
            core = try await CoreCall.connect(global)
        } catch {
            printError("'\(sound)' is not a file here, so it is a sound's id, which only the core can play.")
            throw error
        }
        try await withCore(core) { core in
            let params = SoundsPlay.Params(id: sound, device: device, wait: wait ? true : nil)
            guard let played = try await core.call(SoundsPlay.self, params) else { return }
            guard played.finished else {
                print("Playing \(played.soundId) on \(played.device)")
                return
            }
            let verb = played.stopped == true ? "Stopped" : "Played"
            print(
                "\(verb) \(played.soundId) on \(played.device): \(played.framesWritten ?? 0) frames, "
                    + "\(played.underruns ?? 0) underruns")
        }
    }

    /// The text of `--alsa-config`, if given.
    private func configurationText() throws -> String? {
        guard let alsaConfig else { return nil }
        do {
            return try String(contentsOfFile: alsaConfig, encoding: .utf8)
        } catch {
            throw ValidationError(
                "cannot read the ALSA configuration file \(alsaConfig): \(error.localizedDescription)")
        }
    }
}
