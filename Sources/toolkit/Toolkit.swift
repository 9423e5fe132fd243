import ArgumentParser
import Foundation
import ToolkitCore

/// The `toolkit` command: runs the core (`serve`) and talks to it over its socket.
@main
struct Toolkit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toolkit",
        abstract: "A pet photo diary: albums, diary entries and shutter sounds, served over JSON-RPC.",
        discussion: """
            `toolkit serve` runs the core, a daemon that answers JSON-RPC 2.0 on a Unix socket. The other \
            commands talk to it; so can socat, Python or any language that can open a Unix socket.

            Exit status: 0 success; 1 the core answered with an error; 64 bad usage; 69 no core is \
            listening on the socket; 70 a check or internal step failed; 75 (serve) another core already \
            listens on the socket; 76 the core's answer could not be read; 78 bad configuration.
            Shell completions: toolkit --generate-completion-script bash|zsh|fish.
            """,
        version: ToolkitVersion.current,
        subcommands: [
            ServeCommand.self,
            CallCommand.self,
            DoctorCommand.self,
            SoundCommand.self,
            ShutterCommand.self,
            CaptureCommand.self,
            BundleCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            ArchiveCommand.self,
            RestoreCommand.self,
            PetsCommand.self,
            AlbumsCommand.self,
            DiaryCommand.self,
            PhotosCommand.self,
            NotesCommand.self,
            SettingsCommand.self,
            PluginsCommand.self,
            MCPCommand.self,
            WebCommand.self,
        ]
    )

    /// Parses and runs as swift-argument-parser does, but a mistyped command name gets a suggestion first.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let mistake = CommandSuggestion.helpMessage(for: arguments, root: Toolkit.self) {
            FileHandle.standardError.write(Data((mistake + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        var command: any ParsableCommand
        do {
            command = try await asyncParseAsRoot(arguments)
        } catch {
            if let suggestion = CommandSuggestion.message(for: arguments, root: Toolkit.self) {
                FileHandle.standardError.write(Data((suggestion + "\n").utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let refusal as ValidationError {
            // Thrown while running (an unknown name, a file that is not there): said without the usage banner,
            // which is for a command line that does not parse. The status is still 64.
            printError(refusal.message)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}
