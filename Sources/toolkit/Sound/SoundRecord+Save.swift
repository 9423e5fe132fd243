import ArgumentParser
import ToolkitAPI

extension SoundRecord {
    /// The checks of `--save`: the core records 16-bit, at most 10 minutes, from the devices it knows.
    func validateSave() throws {
        guard let seconds, seconds > 0, seconds <= 600 else {
            throw ValidationError("--save needs --seconds, more than 0 and at most 600")
        }
        guard bits == 16 else { throw ValidationError("--save records 16-bit sound; leave out --bits") }
        guard deviceOptions.alsaConfig == nil else {
            throw ValidationError(
                "--save records on the core's machine, with its ALSA configuration; drop --alsa-config")
        }
    }

    /// Records through the running core's `sounds.record` and prints the new sound's id.
    func record(saving title: String) async throws {
        try await withCore(global) { core in
            // `default` is the option's default: then the core's captureDevice setting decides.
            let device = deviceOptions.device == "default" ? nil : deviceOptions.device
            let sound = try await CoreRecording.run(SoundsRecord.self, core: core, quiet: false) { progress in
                SoundsRecord.Params(
                    title: title, seconds: seconds ?? 0, device: device, rate: rate, channels: channels,
                    progress: progress)
            }
            guard let sound else { return }
            print(sound.id)
        }
    }
}
