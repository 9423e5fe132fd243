import ArgumentParser
import Foundation
import Sharing
import ToolkitAPI
import ToolkitCore

/// `toolkit archive prune`: removes the archives no retention rule keeps, never one a kept archive needs.
struct ArchivePruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove the archives the --keep-* rules do not keep (restic's forget rules; chains stay whole).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var directory: ArchiveDirectoryOption
    @OptionGroup var retention: RetentionOptions
    @Flag(help: "Say what would be removed, and remove nothing.") var dryRun = false
    @Flag(help: "Wait for another archive run to finish instead of exiting 75.") var wait = false

    func run() async throws {
        let run = try await ArchiveRun.choose(global, context: "archive prune")
        try await withCore(run) { run in
            let result: ArchivePrune.Result
            do {
                let policy = try BackupTarget.retention(
                    keepLast: retention.keepLast, keepDaily: retention.keepDaily, keepWeekly: retention.keepWeekly,
                    keepMonthly: retention.keepMonthly)
                switch run {
                case .core(let client):
                    result = try await ArchiveRun.call(
                        client, ArchivePrune.self,
                        .init(
                            to: directory.absolute, keepLast: policy.keepLast, keepDaily: policy.keepDaily,
                            keepWeekly: policy.keepWeekly, keepMonthly: policy.keepMonthly, dryRun: dryRun))
                case .offline(let offline):
                    let lock = try await BackupLock.acquire(
                        try offline.archiveDirectory(directory.absolute), wait: wait)
                    defer { lock.release() }
                    result = try await BackupPruner.prune(holding: lock, retention: policy, dryRun: dryRun)
                }
            } catch {
                throw ArchiveCommandFailure(error).report("archive prune")
            }
            if global.json {
                print(jsonLine(result))
                return
            }
            for kept in result.kept { print("keep    \(kept.name)  (\(kept.reasons.joined(separator: ", ")))") }
            for removed in result.removed { print("\(dryRun ? "would remove" : "removed") \(removed.name)") }
        }
    }
}
