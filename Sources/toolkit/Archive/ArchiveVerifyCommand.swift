import ArgumentParser
import Foundation
import Sharing
import ToolkitAPI
import ToolkitCore

/// `toolkit archive verify FILE`: reads an archive back in full and checks its chain.
struct ArchiveVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Read an archive back against its manifest and check the archives it builds on are there.",
        discussion: """
              toolkit archive verify NAME                a name as toolkit archive list prints it
              toolkit archive verify ./copy.tar.zst      a path
              toolkit archive verify /mnt/backup         a folder: its newest archive
              toolkit archive verify mysftp:backups      an rclone remote: its newest archive
            From a remote (REMOTE:PATH, a folder or an archive there), rclone fetches the archive and the ones \
            it builds on, nothing else, into a folder under ~/.cache/toolkit, removed after. \
            Exit status 0 when intact; 1 with the damaged member, or the missing one, and the reason on stderr.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(
        help: ArgumentHelp(
            "The archive: a name in the archive directory, a path (with a slash), a folder, or REMOTE:PATH.",
            valueName: "file"))
    var file: String
    @OptionGroup var directory: ArchiveDirectoryOption

    func run() async throws {
        let run = try await ArchiveRun.choose(global, context: "archive verify")
        try await withCore(run) { run in
            let result: ArchiveVerify.Result
            var path: String
            var source: ArchiveSource?
            defer { source?.cleanUp() }
            do {
                source = try await ArchiveSource.resolve(file, global)
                if let source {
                    path = source.path
                } else {
                    path = try await run.archivePath(file, directory: directory.absolute)
                }
                switch run {
                case .core(let client):
                    result = try await ArchiveRun.call(client, ArchiveVerify.self, .init(path: path))
                case .offline:
                    try BackupTarget.existingArchive(path)
                    result = try await BackupCheck.verify(path)
                }
            } catch {
                throw ArchiveCommandFailure(error).report("archive verify")
            }
            if global.json {
                print(jsonLine(result))
            } else {
                if let source { path = source.shown }
                print(
                    "OK \(path): \(result.kind), \(result.members) members, "
                        + "chain \(result.chain.joined(separator: " <- "))"
                )
            }
        }
    }
}
