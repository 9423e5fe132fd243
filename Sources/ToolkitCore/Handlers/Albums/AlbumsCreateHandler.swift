import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `albums.create` as ToolkitAPI's ``AlbumsCreate`` describes it.
struct AlbumsCreateHandler: RPCHandler {
    typealias Method = AlbumsCreate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        AlbumRecord(try await diary.createAlbum(title: params.title, petId: params.petId))
    }
}
