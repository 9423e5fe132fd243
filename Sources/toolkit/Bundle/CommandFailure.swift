import ArgumentParser
import Archiving
import Foundation

/// Prints an archive error the way every `bundle` command does, and gives the exit code.
enum CommandFailure {
    /// Writes `toolkit: FILE: message` (and the member and reason) to stderr; returns exit code 1.
    static func report(_ error: any Error, file: String) -> ExitCode {
        var line = "toolkit: \(file): "
        if let error = error as? ArchiveError {
            line += error.description
            if let reason = error.reason { line += " [\(reason)]" }
        } else {
            line += "\(error)"
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return ExitCode(1)
    }
}

/// Writes a line to stdout.
func printLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
