import JSONRPC
import PetDiary

/// `albums.rename {id, title}` → the album.
struct AlbumsRename: RPCMethod {
    static let name = "albums.rename"
    static let summary = "Gives an album a new title."
    static let paramsSchema = JSONSchema.object(["id": DiarySchema.id, "title": .string()], required: ["id", "title"])
    static let resultSchema = DiarySchema.album

    struct Params: Decodable, Sendable {
        var id: String
        var title: String
    }

    typealias Result = Album

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Album {
        try await diary.renameAlbum(id: params.id, title: params.title)
    }
}
