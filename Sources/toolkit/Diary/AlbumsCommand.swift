import ArgumentParser
import ToolkitAPI

/// `toolkit albums [list|add]`: photo albums, over the socket.
struct AlbumsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albums",
        abstract: "List or add photo albums.",
        discussion: """
              toolkit albums                       list every album
              toolkit albums --pet ID              the albums of one pet
              toolkit albums add "Walks" --pet ID  make one and print its id
            """,
        subcommands: [List.self, Add.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List albums.")
        @OptionGroup var global: GlobalOptions
        @Option(name: .customLong("pet"), help: ArgumentHelp("Only this pet's albums.", valueName: "id")) var petId:
            String?

        func run() async throws {
            let core = try await CoreCall.connect(global)
            defer { Task { await core.close() } }
            var rows: [[String]] = []
            var cursor: String?
            repeat {
                let params = AlbumsList.Params(petId: petId, order: "oldest", limit: 500, cursor: cursor)
                guard let page = try await core.call(AlbumsList.self, params) else { return }
                rows += page.items.map { [$0.id, String($0.photoCount), $0.title] }
                cursor = page.nextCursor
            } while cursor != nil
            print(
                rows.isEmpty
                    ? "No albums yet: toolkit albums add TITLE" : TextTable.render(["ID", "PHOTOS", "TITLE"], rows))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make an album and print its id.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The album's title (up to 50 characters).") var title: String
        @Option(name: .customLong("pet"), help: ArgumentHelp("The pet it belongs to.", valueName: "id")) var petId:
            String?

        func run() async throws {
            let core = try await CoreCall.connect(global)
            defer { Task { await core.close() } }
            guard let album = try await core.call(AlbumsCreate.self, .init(title: title, petId: petId)) else { return }
            print(album.id)
        }
    }
}
