import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `photos.get` as ToolkitAPI's ``PhotosGet`` describes it.
struct PhotosGetHandler: RPCHandler {
    typealias Method = PhotosGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PhotoRecord(try await diary.store.photos.get(id: params.id))
    }
}
