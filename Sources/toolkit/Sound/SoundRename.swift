import ArgumentParser
import ToolkitAPI

/// `toolkit sound rename ID TITLE`.
struct SoundRename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give an imported or recorded sound a new title (built-in sounds keep theirs).")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The sound's id (see toolkit sound list).") var id: String
    @Argument(help: "Its new title.") var title: String

    func run() async throws {
        try await withCore(global) { core in
            guard let sound = try await core.call(SoundsRename.self, .init(id: id, title: title)) else { return }
            print("Renamed \(sound.id) to \(sound.title)")
        }
    }
}
