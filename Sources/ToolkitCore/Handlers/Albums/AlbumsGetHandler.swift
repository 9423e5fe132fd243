import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `albums.get` as ToolkitAPI's ``AlbumsGet`` describes it.
struct AlbumsGetHandler: RPCHandler {
    typealias Method = AlbumsGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        AlbumRecord(try await diary.store.albums.get(id: params.id))
    }
}
