import JSONRPC
import PetDiary
import ToolkitAPI

/// `photos.get {id}` → the photo.
struct PhotosGetHandler: RPCHandler {
    typealias Method = PhotosGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PhotoRecord(try await diary.store.photo(id: params.id))
    }
}
