import JSONRPC
import PetDiary

/// `albums.create {title, petId?}` → the album.
struct AlbumsCreate: RPCMethod {
    static let name = "albums.create"
    static let summary = "Makes a photo album, for one pet (petId) or for none."
    static let paramsSchema = JSONSchema.object(
        ["title": .string(description: "Up to 50 characters."), "petId": DiarySchema.id], required: ["title"])
    static let resultSchema = DiarySchema.album

    struct Params: Decodable, Sendable {
        var title: String
        var petId: String?
    }

    typealias Result = Album

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Album {
        try await diary.createAlbum(title: params.title, petId: params.petId)
    }
}
