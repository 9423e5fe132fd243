import ArgumentParser
import Foundation
import ToolkitAPI
import ToolkitCore

/// `toolkit archive list`: the archives of the directory, oldest first, from their manifests.
struct ArchiveListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the archives, oldest first: kind, time, size, what each holds and what it builds on.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var directory: ArchiveDirectoryOption

    func run() async throws {
        let run = try await ArchiveRun.choose(global, context: "archive list")
        try await withCore(run) { run in
            let items: [ArchiveListItem]
            do {
                items = try await run.archives(in: directory.absolute)
            } catch {
                throw ArchiveCommandFailure(error).report("archive list")
            }
            if global.json {
                print(jsonLine(ArchiveList.Result(items: items, nextCursor: nil)))
                return
            }
            guard !items.isEmpty else {
                print("No archives yet: toolkit archive")
                return
            }
            let rows = items.map { item in
                let counts = item.counts
                return [
                    item.name, item.kind, item.size.humanBytes,
                    "\(counted(counts.photos, "photo")), \(counted(counts.entries, "entry", "entries")), "
                        + "\(counted(counts.files, "file")), \(counts.deleted) deleted",
                    item.previous?.name ?? "",
                ]
            }
            print(TextTable.render(["NAME", "KIND", "SIZE", "HOLDS", "AFTER"], rows))
        }
    }
}
