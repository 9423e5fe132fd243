import JSONRPC
import PetDiary
import ToolkitAPI

/// `albums.create {title, petId?}` → the album.
struct AlbumsCreateHandler: RPCHandler {
    typealias Method = AlbumsCreate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        AlbumRecord(try await diary.createAlbum(title: params.title, petId: params.petId))
    }
}
