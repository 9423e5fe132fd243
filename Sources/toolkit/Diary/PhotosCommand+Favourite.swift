import ArgumentParser
import ToolkitAPI

extension PhotosCommand {
    /// `toolkit photos favourite ID...`.
    struct Favourite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark photos as favourites.", aliases: ["favorite"])
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photos' ids (see toolkit photos list).") var ids: [String]

        func run() async throws { try await PhotosCommand.mark(ids, favourite: true, global) }
    }

    /// `toolkit photos unfavourite ID...`.
    struct Unfavourite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take the favourite mark off photos.", aliases: ["unfavorite"])
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photos' ids (see toolkit photos list).") var ids: [String]

        func run() async throws { try await PhotosCommand.mark(ids, favourite: false, global) }
    }

    /// Sets or clears the favourite mark of each photo, saying so per photo.
    fileprivate static func mark(_ ids: [String], favourite: Bool, _ global: GlobalOptions) async throws {
        try await withCore(global) { core in
            for id in ids {
                guard let photo = try await core.call(PhotosUpdate.self, .init(id: id, favorite: favourite)) else {
                    continue
                }
                print("\(photo.id)  \(photo.favorite ? "★ favourite" : "not a favourite")  \(photo.filename ?? "")")
            }
        }
    }
}
