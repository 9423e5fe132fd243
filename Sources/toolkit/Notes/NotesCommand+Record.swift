import ArgumentParser
import ToolkitAPI

extension NotesCommand {
    /// `toolkit notes record (--entry ID | --photo ID) --seconds N [--device PCM]`.
    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a voice note on an entry or a photo and print its id (Ctrl-C cancels).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: NoteTargetOptions
        @Option(help: "How long to record, in seconds: more than 0, at most 600.") var seconds: Double
        @Option(help: ArgumentHelp("The ALSA capture PCM; default: the settings' captureDevice.", valueName: "pcm"))
        var device: String?
        @Flag(help: "No progress line.") var quiet = false

        func validate() throws {
            guard seconds > 0, seconds <= 600 else {
                throw ValidationError("--seconds must be more than 0 and at most 600, not \(seconds)")
            }
        }

        func run() async throws {
            try await withCore(global) { core in
                let note = try await CoreRecording.run(NotesRecord.self, core: core, quiet: quiet) { progress in
                    NotesRecord.Params(
                        entryId: target.entryId, photoId: target.photoId, seconds: seconds, device: device,
                        progress: progress)
                }
                guard let note else { return }
                print(note.id)
            }
        }
    }
}
