import ArgumentParser
import ToolkitAPI

/// `toolkit diary list`.
struct DiaryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List entries, newest first.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var filter: EntryFilterOptions
    @Flag(help: "Oldest first.") var oldest = false
    @Flag(help: "Every page, not only the first.") var all = false
    @Flag(help: "Each entry's whole body under its line, a blank line between entries.") var long = false

    func run() async throws {
        try await withCore(global, flags: ParamFlags(self, filter)) { core in
            let filterParams = try await filter.listParams(core)
            var cursor: String?
            var entries: [EntryRecord] = []
            repeat {
                var params = filterParams
                params.cursor = cursor
                params.order = oldest ? "oldest" : nil
                guard let page = try await core.call(DiaryList.self, params) else { return }
                entries += page.items
                cursor = all ? page.nextCursor : nil
                if !all, page.nextCursor != nil { printError("more entries: add --all, or --limit N") }
            } while cursor != nil
            guard !entries.isEmpty else {
                print("No entries.")
                return
            }
            let pets = entries.contains { $0.petId != nil } ? try await core.petNames() : [:]
            let rows = entries.map { entry in
                [
                    entry.date, entry.petId.map { pets[$0] ?? $0 } ?? "", (entry.favorite ? "★ " : "") + entry.title,
                    entry.tags.map { "#" + $0 }.joined(separator: " "), entry.id,
                ]
            }
            let table = TextTable.render(["DATE", "PET", "TITLE", "TAGS", "ID"], rows)
            print(long ? Self.withBodies(table, entries) : table)
        }
    }

    /// The table with each entry's whole body under its line, as `diary show` prints it, and a blank line
    /// between entries.
    static func withBodies(_ table: String, _ entries: [EntryRecord]) -> String {
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let blocks = zip(lines.dropFirst(), entries).map { line, entry in
            line + "\n" + (entry.body.isEmpty ? "(no text)" : entry.body)
        }
        return lines[0] + "\n" + blocks.joined(separator: "\n\n")
    }
}
