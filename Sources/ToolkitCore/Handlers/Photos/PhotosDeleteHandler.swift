import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `photos.delete` as ToolkitAPI's ``PhotosDelete`` describes it.
struct PhotosDeleteHandler: RPCHandler {
    typealias Method = PhotosDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        DeletionRecord(try await diary.deletePhoto(id: params.id, logger: context.logger))
    }
}
