import JSONRPC
import PetDiary

/// `diary.deleteAll {confirm}` → `{deleted: n}`; `confirm` must be the diary's name.
struct DiaryDeleteAll: RPCMethod {
    static let name = "diary.deleteAll"
    static let summary = "Deletes every diary entry. confirm must equal the diary's name (settings.get); otherwise -32002 and nothing is deleted. Photos stay."
    static let paramsSchema = JSONSchema.object(
        ["confirm": .string(description: "The diary's name, exactly.")], required: ["confirm"])
    static let resultSchema = JSONSchema.object(["deleted": .integer()])

    struct Params: Decodable, Sendable {
        var confirm: String
    }

    struct Result: Encodable, Sendable {
        var deleted: Int
    }

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        Result(deleted: try await diary.deleteAllEntries(confirm: params.confirm).count)
    }
}
