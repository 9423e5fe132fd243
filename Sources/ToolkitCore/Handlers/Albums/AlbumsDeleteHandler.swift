import JSONRPC
import PetDiary
import ToolkitAPI

/// `albums.delete {id, force?}` → what was deleted.
struct AlbumsDeleteHandler: RPCHandler {
    typealias Method = AlbumsDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        DeletionRecord(try await diary.deleteAlbum(id: params.id, force: params.force ?? false, logger: context.logger))
    }
}
