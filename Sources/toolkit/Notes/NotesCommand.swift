import ArgumentParser

/// `toolkit notes record|list|play|delete`: voice notes on diary entries and photos, over the socket.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Record, list, play and delete voice notes on diary entries and photos.",
        discussion: """
              toolkit notes record --entry ID --seconds 5   record 5 s, print the note's id
              toolkit notes list --photo ID                 a photo's notes, oldest first
              toolkit notes play NOTE --wait                play one on the sound device
              toolkit notes delete NOTE
            The core records and plays: --device names an ALSA PCM on its machine; without it, the settings' \
            captureDevice (record) or soundDevice (play). Ctrl-C during a recording cancels it: nothing is kept. \
            Attach an existing sound with toolkit call notes.attach soundId=… entryId=…
            """,
        subcommands: [Record.self, List.self, Play.self, Delete.self]
    )
}

/// `--entry ID | --photo ID`: what a note is on.
struct NoteTargetOptions: ParsableArguments {
    @Option(name: .customLong("entry"), help: ArgumentHelp("A diary entry's id.", valueName: "id"))
    var entryId: String?

    @Option(name: .customLong("photo"), help: ArgumentHelp("A photo's id.", valueName: "id"))
    var photoId: String?

    func validate() throws {
        guard (entryId == nil) != (photoId == nil) else {
            throw ValidationError("Give exactly one of --entry and --photo.")
        }
    }
}
