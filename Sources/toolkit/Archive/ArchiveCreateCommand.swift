import ArgumentParser
import Foundation
import JSONRPC
import Sharing
import ToolkitAPI
import ToolkitCore

/// `toolkit archive [create]`: the cron job. Creates the next archive, verifies it, then prunes by the given
/// retention, in one call; silent on success unless stdout is a terminal.
struct ArchiveCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create the next archive, verify it, then prune by the given retention (the default command).",
        discussion: """
            Quiet on success when standard output is not a terminal (so cron mails only problems); a failure is \
            one line on standard error and a non-zero status (75 when another run holds the lock). With --json \
            the results are printed as one JSON object: {"mode", "create", "verify", "prune"}. When nothing \
            changed since the latest archive none is written (on a terminal it says so; in JSON create.unchanged \
            is true): --force writes one anyway. The latest archive is verified and pruning runs either way.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var directory: ArchiveDirectoryOption
    @OptionGroup var retention: RetentionOptions
    @Flag(help: "With retention flags: say what would be pruned, and remove nothing.") var dryRun = false
    @Flag(help: "Wait for another archive run to finish instead of exiting 75.") var wait = false
    @Flag(help: "Print nothing on success, even on a terminal.") var quiet = false
    @Flag(help: "Write an archive even when nothing changed since the latest one.") var force = false

    /// What one run did, for `--json`.
    struct Report: Encodable {
        var mode: String
        var create: ArchiveCreate.Result
        var verify: ArchiveVerify.Result
        var prune: ArchivePrune.Result?
    }

    func validate() throws {
        if dryRun && retention.isEmpty {
            throw ValidationError("--dry-run is about pruning: give it with --keep-last/daily/weekly/monthly.")
        }
    }

    func run() async throws {
        let run = try await ArchiveRun.choose(global, context: "archive")
        try await withCore(run) { run in
            let report: Report
            do {
                report = try await perform(run)
            } catch {
                throw ArchiveCommandFailure(error).report("archive")
            }
            if global.json {
                print(jsonLine(report))
                return
            }
            guard !quiet, standardOutputIsTerminal else { return }
            let create = report.create
            if create.unchanged {
                print("nothing changed since \(create.name); no archive written (--force writes one)")
            } else {
                print("\(create.kind) archive \(create.path) (\(create.size.humanBytes)), \(run.describe(global))")
            }
            if let note = create.note { print("note: \(note)") }
            print("verified: \(report.verify.members) members, chain of \(report.verify.chain.count)")
            if let prune = report.prune {
                print("\(prune.dryRun ? "would remove" : "removed") \(prune.removed.count), kept \(prune.kept.count)")
                for removed in prune.removed { print("  - \(removed.name)") }
            }
        }
    }

    func perform(_ run: ArchiveRun) async throws -> Report {
        let retention =
            self.retention.isEmpty
            ? nil
            : try BackupTarget.retention(
                keepLast: self.retention.keepLast, keepDaily: self.retention.keepDaily,
                keepWeekly: self.retention.keepWeekly, keepMonthly: self.retention.keepMonthly)
        switch run {
        case .core(let client):
            let params = ArchiveCreate.Params(to: directory.absolute, force: force ? true : nil)
            var created: ArchiveCreate.Result?
            while created == nil {
                do {
                    created = try await ArchiveRun.call(client, ArchiveCreate.self, params)
                } catch let error as RPCError where wait && ArchiveCommandFailure(error).exit == 75 {
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
            let create = created!
            let verify = try await ArchiveRun.call(client, ArchiveVerify.self, .init(path: create.path))
            var prune: ArchivePrune.Result?
            if let retention {
                prune = try await ArchiveRun.call(
                    client, ArchivePrune.self,
                    .init(
                        to: directory.absolute, keepLast: retention.keepLast, keepDaily: retention.keepDaily,
                        keepWeekly: retention.keepWeekly, keepMonthly: retention.keepMonthly, dryRun: dryRun))
            }
            return Report(mode: "core", create: create, verify: verify, prune: prune)
        case .offline(let offline):
            let target = try offline.archiveDirectory(directory.absolute)
            let diary = try offline.openDiary()
            let lock = try await BackupLock.acquire(target, wait: wait)
            defer { lock.release() }
            let create = try await DiaryBackupWriter(diary: diary, toolkitVersion: ToolkitVersion.current).create(
                holding: lock, force: force)
            let verify = try await BackupCheck.verify(create.path)
            var prune: ArchivePrune.Result?
            if let retention {
                prune = try await BackupPruner.prune(holding: lock, retention: retention, dryRun: dryRun)
            }
            return Report(mode: "offline", create: create, verify: verify, prune: prune)
        }
    }
}
