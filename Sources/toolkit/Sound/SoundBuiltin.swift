import ArgumentParser
import Audio
import Foundation

/// `toolkit sound builtin [NAME -o FILE]`: lists the built-in sounds, or writes one as a WAV file.
struct SoundBuiltin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "builtin",
        abstract: "List the built-in shutter sounds, or write one as a WAV file.")

    @Argument(help: "The sound's name; leave out to list them.")
    var name: String?

    @Option(name: .shortAndLong, help: "The WAV file to write.")
    var output: String?

    func validate() throws {
        if name != nil, output == nil {
            throw ValidationError("give the file to write with -o FILE")
        }
    }

    func run() async throws {
        guard let name, let output else {
            for sound in BuiltinSound.allCases {
                print("\(sound.rawValue)\t\(sound.summary)")
            }
            return
        }
        let sound = try BuiltinSound(named: name)
        try sound.write(to: output)
        let seconds = Double(sound.samples().count) / Double(BuiltinSound.format.rate)
        print("Wrote \(sound.rawValue) (\(String(format: "%.2f", seconds)) s, \(BuiltinSound.format)) to \(output)")
    }
}
