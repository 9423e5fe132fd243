import ArgumentParser
import Foundation

/// `--device` and `--alsa-config`, shared by the commands that open a PCM.
struct DeviceOptions: ParsableArguments {
    @Option(
        name: .shortAndLong, help: "The ALSA PCM: default, null, \"file:'/tmp/out.raw',raw\", a name from .asoundrc.")
    var device = "default"

    @Option(
        name: .customLong("alsa-config"),
        help: ArgumentHelp(
            "A file of ALSA configuration merged over the system's, e.g. defining a capture PCM.",
            valueName: "file"))
    var alsaConfig: String?

    /// The text of `--alsa-config`, if given.
    func configurationText() throws -> String? {
        guard let alsaConfig else { return nil }
        do {
            return try String(contentsOfFile: alsaConfig, encoding: .utf8)
        } catch {
            throw ValidationError(
                "cannot read the ALSA configuration file \(alsaConfig): \(error.localizedDescription)")
        }
    }
}
