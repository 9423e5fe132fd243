import ArgumentParser
import Foundation
import ToolkitAPI

/// `toolkit sound import FILE --title T`: stores a WAV file in the core as a sound.
struct SoundImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store a WAV file in the core as a sound, e.g. a pet's shutter sound.",
        discussion: """
              toolkit sound import squeak.wav --title "삑삑이 장난감"
              toolkit pets update 보리 --sound "삑삑이 장난감"   make it a pet's shutter sound
            The core reads the file itself (the path is sent absolute), so it must run as your user on this \
            machine. PCM of 8, 16, 24 or 32 bits and float WAV files are taken; a file the WAV reader refuses \
            is not stored, and the error says why. Prints the new sound's id; with --json, the sound.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The WAV file.") var file: String
    @Option(help: "What to call the sound.") var title: String

    func run() async throws {
        let cwd = FileManager.default.currentDirectoryPath
        let path = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: cwd + "/")).standardizedFileURL.path
        try await withCore(global) { core in
            guard let sound = try await core.call(SoundsImport.self, .init(path: path, title: title)) else { return }
            print(sound.id)
        }
    }
}
