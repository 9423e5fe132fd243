import ArgumentParser
import Foundation
import ToolkitAPI
import ToolkitCore

/// `toolkit archive restore ARCHIVE --into DIR`: a new data directory at the state of an archive.
struct ArchiveRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Rebuild a complete data directory at the state of an archive, into a new or empty directory.",
        discussion: """
            The archive's chain (from the full archive on) must be in its directory. The result is a data \
            directory: toolkit serve --data-dir DIR serves it. Restoring a part (a pet, some days) into the \
            running diary is not there yet.
            """)

    @OptionGroup var options: RestoreOptions

    func run() async throws { try await options.restore(context: "archive restore") }
}

/// What `toolkit archive restore` and its top-level alias `toolkit restore` take, and what they do.
struct RestoreOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The archive.", valueName: "archive")) var archive: String
    @Option(help: ArgumentHelp("The new data directory (missing or empty).", valueName: "dir")) var into: String

    /// Restores through the core, or offline when none runs; `context` starts a failure's line.
    func restore(context: String) async throws {
        let path = absolutePath(archive)
        let target = absolutePath(into)
        let run = try await ArchiveRun.choose(global, context: context)
        defer { Task { await run.close() } }
        let result: ArchiveRestore.Result
        do {
            switch run {
            case .core(let client):
                result = try await ArchiveRun.call(client, ArchiveRestore.self, .init(path: path, into: target))
            case .offline(let offline):
                try ArchiveTarget.existingArchive(path)
                result = try await ArchiveRestorer(liveDataDirectory: offline.dataDirectory).restore(path, into: target)
            }
        } catch {
            throw ArchiveCommandFailure(error).report(context)
        }
        if global.json {
            print(jsonLine(result))
            return
        }
        print(result.into)
        let counts = result.counts
        printError(
            "restored \(counts.pets) pets, \(counts.albums) albums, \(counts.photos) photos, "
                + "\(counts.entries) entries, "
                + "\(counts.sounds) sounds (\(counts.files) files), \(counts.notes) voice notes "
                + "from \(result.chain.count) archives")
    }
}
