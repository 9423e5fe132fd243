import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `photos.update` as ToolkitAPI's ``PhotosUpdate`` describes it.
struct PhotosUpdateHandler: RPCHandler {
    typealias Method = PhotosUpdate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PhotoRecord(
            try await diary.updatePhoto(
                id: params.id, PhotoChanges(memo: params.memo, favorite: params.favorite, albumId: params.albumId)))
    }
}
