import ArgumentParser
import ToolkitAPI

/// `toolkit sound delete ID [--force]`.
struct SoundDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an imported or recorded sound and its file.",
        discussion: """
            Built-in sounds cannot be deleted. A sound that a pet or the settings use as the shutter sound is \
            refused unless --force, which sets them back to the default.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The sound's id (see toolkit sound list).") var id: String
    @Flag(help: "Delete it even when a pet or the settings use it.") var force = false

    func run() async throws {
        try await withCore(global) { core in
            guard try await core.call(SoundsDelete.self, .init(id: id, force: force ? true : nil)) != nil else {
                return
            }
            print("Deleted \(id)")
        }
    }
}
