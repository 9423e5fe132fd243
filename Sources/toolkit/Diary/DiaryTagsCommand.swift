import ArgumentParser
import ToolkitAPI

/// `toolkit diary tags [--pet …]`: every #tag with the number of entries that use it.
struct DiaryTagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "List every #tag with how many entries use it, most used first.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this pet's entries, by name or id.", valueName: "name|id")) var pet: String?

    func run() async throws {
        try await withCore(global) { core in
            let petId = try await pet.asyncMap { try await core.petId(for: $0) }
            guard let result = try await core.call(DiaryTags.self, .init(petId: petId)) else { return }
            print(
                result.tags.isEmpty
                    ? "No tags yet: write #tag in an entry's text."
                    : TextTable.render(["TAG", "ENTRIES"], result.tags.map { ["#" + $0.tag, String($0.count)] }))
        }
    }
}
