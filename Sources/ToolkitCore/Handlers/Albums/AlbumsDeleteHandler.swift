import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `albums.delete` as ToolkitAPI's ``AlbumsDelete`` describes it.
struct AlbumsDeleteHandler: RPCHandler {
    typealias Method = AlbumsDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        DeletionRecord(try await diary.deleteAlbum(id: params.id, force: params.force ?? false, logger: context.logger))
    }
}
