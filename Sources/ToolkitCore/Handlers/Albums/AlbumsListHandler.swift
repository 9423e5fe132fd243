import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `albums.list` as ToolkitAPI's ``AlbumsList`` describes it.
struct AlbumsListHandler: RPCHandler {
    typealias Method = AlbumsList

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let page = try PageRequest(limit: params.limit, cursor: params.cursor, order: params.order)
        return PageRecord(try await diary.store.albums.list(petId: params.petId, page: page), AlbumRecord.init)
    }
}
