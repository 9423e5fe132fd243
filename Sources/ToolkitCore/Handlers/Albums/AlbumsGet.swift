import JSONRPC
import PetDiary

/// `albums.get {id}` → the album, with its photo count and cover.
struct AlbumsGet: RPCMethod {
    static let name = "albums.get"
    static let summary = "Returns one album with its photo count and cover photo (its newest)."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = DiarySchema.idOnly
    static let resultSchema = DiarySchema.album
    static let positionalParameters: [String]? = ["id"]

    typealias Params = RecordID
    typealias Result = Album

    let diary: Diary

    func handle(_ params: RecordID, context: RPCContext) async throws -> Album {
        try await diary.store.album(id: params.id)
    }
}
