import JSONRPC
import PetDiary

/// `photos.delete {id}` → `{photos: 1}`; the bytes go when nothing else uses them.
struct PhotosDelete: RPCMethod {
    static let name = "photos.delete"
    static let summary = "Deletes a photo, takes it out of the diary entries that show it, and removes its file when no other album holds the same bytes."
    static let paramsSchema = DiarySchema.idOnly
    static let resultSchema = DiarySchema.deletion
    static let positionalParameters: [String]? = ["id"]

    typealias Params = RecordID
    typealias Result = DeletionResult

    let diary: DiaryServices

    func handle(_ params: RecordID, context: RPCContext) async throws -> DeletionResult {
        let result = try await diary.store.deletePhoto(id: params.id)
        await diary.removeBlobs(result.unreferencedBlobs, context: context)
        diary.events.publish("photo.deleted", data: ["id": params.id])
        return result
    }
}
