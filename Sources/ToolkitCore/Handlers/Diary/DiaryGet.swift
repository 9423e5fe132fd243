import JSONRPC
import PetDiary

/// `diary.get {id}` → the entry.
struct DiaryGet: RPCMethod {
    static let name = "diary.get"
    static let summary = "Returns one diary entry with its tags and photo ids."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = DiarySchema.idOnly
    static let resultSchema = DiarySchema.entry
    static let positionalParameters: [String]? = ["id"]

    typealias Params = RecordID
    typealias Result = DiaryEntry

    let diary: Diary

    func handle(_ params: RecordID, context: RPCContext) async throws -> DiaryEntry {
        try await diary.store.entry(id: params.id)
    }
}
