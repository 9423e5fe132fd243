import Archiving
import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// `toolkit import`: merges a share bundle into the diary through the running core, with a progress bar.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a share bundle (.tar.zst from toolkit export) into the diary.",
        discussion: """
              toolkit import boree.tar.zst                          add the new, keep ours
              toolkit import boree.tar.zst --on-conflict replace    the bundle's win
              toolkit import boree.tar.zst --on-conflict duplicate  both, under new ids
            The bundle is checked before anything is stored: every file against manifest.json (size and \
            SHA-256), every record's references; a damaged or hostile bundle changes nothing and the error \
            names the member and the reason (see toolkit bundle verify to look first). Records are merged by \
            id; your settings are never changed. The core reads the file itself, so it must run as your user \
            on this machine. With --json the core's result is printed: {added, skipped, replaced, settings}.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The bundle.", valueName: "file")) var file: String
    @Option(
        help: ArgumentHelp(
            "What to do with a record whose id is already in the diary: skip, replace or duplicate.",
            valueName: "mode"))
    var onConflict = "skip"
    @Flag(help: "No progress display.") var quiet = false

    func validate() throws {
        guard ["skip", "replace", "duplicate"].contains(onConflict) else {
            throw ValidationError("--on-conflict must be skip, replace or duplicate, not '\(onConflict)'.")
        }
    }

    func run() async throws {
        let cwd = FileManager.default.currentDirectoryPath
        let path = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: cwd + "/")).standardizedFileURL.path
        try await withCore(global) { core in
            let display = ProgressDisplay(verb: "importing", quiet: quiet || global.json)
            let watcher = Task { [client = core.client] in
                guard let handler = display.handler else { return }
                for await notification in client.notifications where notification.method == ProgressNotification.method
                {
                    if let params = notification.params, let (done, total) = ExportCommand.progress(in: params) {
                        handler(ArchiveProgress(member: "", membersDone: 0, bytesDone: done, bytesTotal: total))
                    }
                }
            }
            defer { watcher.cancel() }
            let params = ImportBundle.Params(path: path, onConflict: onConflict, progress: display.handler != nil)
            let result = try await core.call(ImportBundle.self, params)
            display.finish()
            guard let result else { return }
            print(Self.table(result))
        }
    }

    /// The summary as a table: one row per kind, added, skipped and replaced.
    static func table(_ result: ImportBundle.Result) -> String {
        let kinds: [(String, KeyPath<ImportBundle.Result.Counts, Int>)] = [
            ("pets", \.pets), ("albums", \.albums), ("photos", \.photos), ("entries", \.entries),
            ("sounds", \.sounds), ("notes", \.notes),
        ]
        let rows = kinds.map { name, count in
            [
                name, "\(result.added[keyPath: count])", "\(result.skipped[keyPath: count])",
                "\(result.replaced[keyPath: count])",
            ]
        }
        return TextTable.render(["kind", "added", "skipped", "replaced"], rows)
    }
}
