import JSONRPC
import PetDiary

/// `pets.get {id}` → the pet.
struct PetsGet: RPCMethod {
    static let name = "pets.get"
    static let summary = "Returns one pet."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = DiarySchema.idOnly
    static let resultSchema = DiarySchema.pet
    static let positionalParameters: [String]? = ["id"]

    typealias Params = RecordID
    typealias Result = Pet

    let diary: Diary

    func handle(_ params: RecordID, context: RPCContext) async throws -> Pet {
        try await diary.store.pet(id: params.id)
    }
}
