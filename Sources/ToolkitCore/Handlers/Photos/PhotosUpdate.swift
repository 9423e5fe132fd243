import JSONRPC
import PetDiary

/// `photos.update {id, memo?, favorite?, albumId?}` → the photo.
struct PhotosUpdate: RPCMethod {
    static let name = "photos.update"
    static let summary = "Changes a photo's memo (up to 1000 characters), favourite mark, or album (refused with -32002 when that album has the same bytes)."
    static let paramsSchema = JSONSchema.object(
        ["id": DiarySchema.id, "memo": .string(), "favorite": .boolean(), "albumId": DiarySchema.id], required: ["id"])
    static let resultSchema = DiarySchema.photo

    struct Params: Decodable, Sendable {
        var id: String
        var memo: String?
        var favorite: Bool?
        var albumId: String?
    }

    typealias Result = Photo

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Photo {
        try await diary.updatePhoto(
            id: params.id, PhotoChanges(memo: params.memo, favorite: params.favorite, albumId: params.albumId))
    }
}
