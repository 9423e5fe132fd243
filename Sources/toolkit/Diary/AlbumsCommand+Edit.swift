import ArgumentParser
import ToolkitAPI

extension AlbumsCommand {
    /// `toolkit albums rename ALBUM TITLE`.
    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give an album a new title.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The album, by title or id.", valueName: "album")) var album: String
        @Argument(help: "Its new title (up to 50 characters).") var title: String

        func run() async throws {
            try await withCore(global) { core in
                let id = try await core.albumId(for: album)
                guard let renamed = try await core.call(AlbumsRename.self, .init(id: id, title: title)) else { return }
                print("Renamed \(album) to \(renamed.title)")
            }
        }
    }

    /// `toolkit albums delete ALBUM [--force]`: no question asked; the core refuses an album with photos.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an album.",
            discussion: """
                An album with photos is refused unless --force, which deletes them with it. Nothing is asked first.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The album, by title or id.", valueName: "album")) var album: String
        @Flag(help: "Also delete its photos.") var force = false

        func run() async throws {
            try await withCore(global) { core in
                let id = try await core.albumId(for: album)
                guard let deleted = try await core.delete(AlbumsDelete.self, id: id, force: force, shownName: album)
                else { return }
                print(deletionSentence("album", album, deleted))
            }
        }
    }
}
