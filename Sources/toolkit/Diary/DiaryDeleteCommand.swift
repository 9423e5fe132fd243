import ArgumentParser
import ToolkitAPI

/// `toolkit diary delete ID`: no question asked; the entry's photos stay in their albums.
struct DiaryDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a diary entry; its photos stay in their albums.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry's id (see toolkit diary list).") var id: String

    func run() async throws {
        try await withCore(global) { core in
            guard try await core.call(DiaryDelete.self, .init(id: id)) != nil else { return }
            print("Deleted entry \(id)")
        }
    }
}
