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

    let diary: Diary

    func handle(_ params: RecordID, context: RPCContext) async throws -> DeletionResult {
        try await diary.deletePhoto(id: params.id, logger: context.logger)
    }
}
