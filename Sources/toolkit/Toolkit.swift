import ArgumentParser

/// The `toolkit` command: runs the core (`serve`) and talks to it over its socket.
@main
struct Toolkit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toolkit",
        abstract: "A pet photo diary: albums, diary entries and shutter sounds, served over JSON-RPC.",
        version: ToolkitVersion.current,
        subcommands: [
            SoundCommand.self,
            BundleCommand.self,
        ]
    )
}
