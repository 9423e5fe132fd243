import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `albums.rename` as ToolkitAPI's ``AlbumsRename`` describes it.
struct AlbumsRenameHandler: RPCHandler {
    typealias Method = AlbumsRename

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        AlbumRecord(try await diary.renameAlbum(id: params.id, title: params.title))
    }
}
