import JSONRPC
import PetDiary

/// `photos.get {id}` → the photo.
struct PhotosGet: RPCMethod {
    static let name = "photos.get"
    static let summary = "Returns one photo or video: its sha256, size, type, dimensions, taken-at time, memo and favourite mark."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = DiarySchema.idOnly
    static let resultSchema = DiarySchema.photo
    static let positionalParameters: [String]? = ["id"]

    typealias Params = RecordID
    typealias Result = Photo

    let diary: Diary

    func handle(_ params: RecordID, context: RPCContext) async throws -> Photo {
        try await diary.store.photo(id: params.id)
    }
}
