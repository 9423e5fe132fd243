import ArgumentParser
import ToolkitAPI

extension NotesCommand {
    /// `toolkit notes delete ID`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a voice note (and its recorded sound when nothing else uses it).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The note's id.") var id: String

        func run() async throws {
            try await withCore(global) { core in
                guard try await core.call(NotesDelete.self, .init(id: id)) != nil else { return }
                print("Deleted note \(id)")
            }
        }
    }
}
