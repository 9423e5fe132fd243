import ArgumentParser
import ToolkitAPI

/// `toolkit albums [list|add|rename|delete]`: photo albums, over the socket.
struct AlbumsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albums",
        abstract: "List, add, rename or delete photo albums.",
        discussion: """
              toolkit albums                       list every album
              toolkit albums --pet 보리             the albums of one pet (by name or id)
              toolkit albums add "Walks" --pet 보리  make one and print its id
              toolkit albums rename Walks 산책
              toolkit albums delete 산책 --force     with its photos
            """,
        subcommands: [List.self, Add.self, Rename.self, Delete.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List albums.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Only this pet's albums, by name or id.", valueName: "name|id")) var pet: String?

        func run() async throws {
            try await withCore(global) { core in
                let petId = try await pet.asyncMap { try await core.petId(for: $0) }
                let pets = try await core.petNames()
                var rows: [[String]] = []
                var cursor: String?
                repeat {
                    let params = AlbumsList.Params(petId: petId, order: "oldest", limit: 500, cursor: cursor)
                    guard let page = try await core.call(AlbumsList.self, params) else { return }
                    rows += page.items.map {
                        [$0.id, $0.petId.map { pets[$0] ?? $0 } ?? "", String($0.photoCount), $0.title]
                    }
                    cursor = page.nextCursor
                } while cursor != nil
                print(
                    rows.isEmpty
                        ? "No albums yet: toolkit albums add TITLE"
                        : TextTable.render(["ID", "PET", "PHOTOS", "TITLE"], rows))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make an album and print its id.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The album's title (up to 50 characters).") var title: String
        @Option(help: ArgumentHelp("The pet it belongs to, by name or id.", valueName: "name|id")) var pet: String?

        func run() async throws {
            try await withCore(global) { core in
                let petId = try await pet.asyncMap { try await core.petId(for: $0) }
                guard let album = try await core.call(AlbumsCreate.self, .init(title: title, petId: petId)) else {
                    return
                }
                print(album.id)
            }
        }
    }
}
