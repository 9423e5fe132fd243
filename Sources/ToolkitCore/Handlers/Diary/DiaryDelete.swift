import JSONRPC
import PetDiary

/// `diary.delete {id}` → `{deleted: 1}`.
struct DiaryDelete: RPCMethod {
    static let name = "diary.delete"
    static let summary = "Deletes one diary entry. Its photos stay in their albums."
    static let paramsSchema = DiarySchema.idOnly
    static let resultSchema = JSONSchema.object(["deleted": .integer()])
    static let positionalParameters: [String]? = ["id"]

    typealias Params = RecordID

    struct Result: Encodable, Sendable {
        var deleted: Int
    }

    let diary: Diary

    func handle(_ params: RecordID, context: RPCContext) async throws -> Result {
        try await diary.deleteEntry(id: params.id)
        return Result(deleted: 1)
    }
}
