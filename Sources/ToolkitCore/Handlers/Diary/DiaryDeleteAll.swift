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

    let diary: DiaryServices

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        let ids = try await diary.store.deleteAllEntries(confirm: params.confirm)
        for id in ids { diary.events.publish("entry.deleted", data: ["id": id]) }
        return Result(deleted: ids.count)
    }
}
