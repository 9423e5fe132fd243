import ArgumentParser
import Foundation
import Sharing
import ToolkitAPI
import PetDiary
import ToolkitCore

/// `toolkit archive restore ARCHIVE --into DIR`: a new data directory at the state of an archive; with
/// `--pet`/`--from`/`--to` instead, a part of it merged into the running diary.
struct ArchiveRestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Rebuild a data directory at the state of an archive, or bring a part of it back into the diary.",
        discussion: """
              toolkit archive restore ARCHIVE --into ~/r                     the whole diary, in a new directory
              toolkit archive restore ARCHIVE --pet Boree                    Boree as the archive has her
              toolkit archive restore ARCHIVE --pet Boree --from 2026-05-01 --to 2026-05-31
              toolkit archive restore ARCHIVE --from 2026-05-03 --to 2026-05-03 --on-conflict replace
            ARCHIVE may be a folder (its newest archive) or an rclone remote path, REMOTE:PATH (a folder there, \
            for its newest archive, or an archive), which is how a backup made by the backup-copy plugin is \
            restored: rclone fetches the archive and the ones it builds on into a folder under ~/.cache/toolkit, \
            removed after (RCLONE_CONFIG names rclone's config file). \
            The archive's chain (from the full archive on) must be in its directory. With --into the result is \
            a data directory: toolkit serve --data-dir DIR serves it. With a part instead (--pet, by name or \
            id as the archive knows the pet, and/or the days --from..--to, chosen as toolkit export chooses \
            them), that part of the archive's state is merged into the running diary as toolkit import merges \
            a bundle: --on-conflict skip (the default) brings back what was deleted or lost and keeps what is \
            there; replace rolls the part back to the archive's state; duplicate adds the archive's copies \
            under new ids. Prints what was added, skipped and replaced; with --json the result.
            """)

    @OptionGroup var options: RestoreOptions

    func run() async throws { try await options.restore(context: "archive restore") }
}

/// What `toolkit archive restore` and its top-level alias `toolkit restore` take, and what they do.
struct RestoreOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Argument(
        help: ArgumentHelp("The archive: a path, a folder (its newest archive) or REMOTE:PATH.", valueName: "archive"))
    var archive: String
    @Option(help: ArgumentHelp("The new data directory (missing or empty), for the whole archive.", valueName: "dir"))
    var into: String?
    @Option(help: ArgumentHelp("Bring back this pet (its name in the archive, or its id).", valueName: "name|id"))
    var pet: String?
    @Option(help: ArgumentHelp("Bring back photos taken and entries dated from this day on.", valueName: "day"))
    var from: String?
    @Option(help: ArgumentHelp("Bring back photos taken and entries dated up to this day.", valueName: "day"))
    var to: String?
    @Option(
        help: ArgumentHelp(
            "With a part: what to do with a record already in the diary: skip, replace or duplicate (default skip).",
            valueName: "mode"))
    var onConflict: String?

    var restoresPart: Bool { pet != nil || from != nil || to != nil }

    func validate() throws {
        if into != nil && (restoresPart || onConflict != nil) {
            throw ValidationError(
                "--into restores the whole archive into a new directory; --pet, --from, --to and --on-conflict "
                    + "restore a part into the running diary. Give one or the other.")
        }
        if into == nil && !restoresPart {
            throw ValidationError(
                "Give --into DIR for the whole archive, or a part (--pet, --from, --to) to bring back into the diary.")
        }
        if let onConflict, !["skip", "replace", "duplicate"].contains(onConflict) {
            throw ValidationError("--on-conflict must be skip, replace or duplicate, not '\(onConflict)'.")
        }
    }

    /// Restores through the core, or offline when none runs; `context` starts a failure's line.
    func restore(context: String) async throws {
        let source: ArchiveSource?
        do {
            source = try await ArchiveSource.resolve(archive, global)
        } catch {
            throw ArchiveCommandFailure(error).report(context)
        }
        defer { source?.cleanUp() }
        let path = source?.path ?? absolutePath(archive)
        let params = ArchiveRestore.Params(
            path: path, into: into.map(absolutePath), pet: pet, from: from, to: to, onConflict: onConflict)
        let run = try await ArchiveRun.choose(global, context: context)
        try await withCore(run) { run in
            let result: ArchiveRestore.Result
            do {
                switch run {
                case .core(let client):
                    result = try await ArchiveRun.call(client, ArchiveRestore.self, params)
                case .offline(let offline):
                    if restoresPart && !global.json { printError(offline.notice(global)) }
                    result = try await restoreOffline(params, offline)
                }
            } catch {
                throw ArchiveCommandFailure(error).report(context)
            }
            if global.json {
                print(jsonLine(result))
            } else if let into = result.into, let counts = result.counts {
                print(into)
                printError(
                    "restored \(counted(counts.pets, "pet")), \(counted(counts.albums, "album")), "
                        + "\(counted(counts.photos, "photo")), \(counted(counts.videos, "video")), "
                        + "\(counted(counts.entries, "entry", "entries")), "
                        + "\(counted(counts.sounds, "sound")) (\(counted(counts.files, "file"))), "
                        + "\(counted(counts.notes, "voice note")) "
                        + "from \(result.chain.count) archives")
            } else if let added = result.added, let skipped = result.skipped, let replaced = result.replaced {
                print(ImportCommand.table(ImportBundle.Result(added: added, skipped: skipped, replaced: replaced)))
                printError("from \(result.chain.count) archives: " + result.chain.joined(separator: ", "))
            }
        }
    }

    /// The restore in this process on the data directory, through the core's library code.
    private func restoreOffline(
        _ params: ArchiveRestore.Params, _ offline: OfflineFallback
    ) async throws -> ArchiveRestore.Result {
        try BackupTarget.existingArchive(params.path)
        if let into = params.into {
            return try await BackupRestorer(liveDataDirectory: offline.dataDirectory).restore(params.path, into: into)
        }
        let diary = try offline.openDiary()
        let part = BackupPartRestorer.Part(pet: pet, from: from, to: to)
        let mode = ConflictMode(rawValue: onConflict ?? "skip") ?? .skip
        let (chain, summary) = try await BackupPartRestorer(diary: diary).restore(
            params.path, part: part, onConflict: mode)
        return ArchiveRestore.Result(chain: chain, merged: summary)
    }
}
