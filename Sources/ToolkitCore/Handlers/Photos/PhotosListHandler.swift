import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `photos.list` as ToolkitAPI's ``PhotosList`` describes it.
struct PhotosListHandler: RPCHandler {
    typealias Method = PhotosList

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PageRecord(
            try await diary.store.photos.list(
                PhotoFilter(
                    albumId: params.albumId, petId: params.petId, kind: params.kind, favorite: params.favorite,
                    from: params.from, to: params.to),
                page: PageRequest(params.page)), PhotoRecord.init)
    }
}
