import JSONRPC
import PetDiary
import ToolkitAPI

/// `photos.delete {id}` → `{photos: 1}`; the bytes go when nothing else uses them.
struct PhotosDeleteHandler: RPCHandler {
    typealias Method = PhotosDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        DeletionRecord(try await diary.deletePhoto(id: params.id, logger: context.logger))
    }
}
