import ArgumentParser
import ToolkitAPI

extension NotesCommand {
    /// `toolkit notes play ID [--device PCM] [--wait]`.
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Play a voice note on the core's sound device.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The note's id.") var id: String
        @Option(help: ArgumentHelp("The ALSA PCM; default: the settings' soundDevice.", valueName: "pcm"))
        var device: String?
        @Flag(help: "Return when the note has been played, not when it starts.") var wait = false

        func run() async throws {
            try await withCore(global) { core in
                let params = NotesPlay.Params(id: id, device: device, wait: wait)
                guard let played = try await core.call(NotesPlay.self, params) else { return }
                print(
                    played.finished ? "Played note \(id) on \(played.device)" : "Playing note \(id) on \(played.device)"
                )
            }
        }
    }
}
