import JSONRPC
import PetDiary

/// `pets.delete {id, force?}` → what was deleted.
struct PetsDelete: RPCMethod {
    static let name = "pets.delete"
    static let summary = "Deletes a pet. A pet with albums or diary entries is refused (-32002) unless force is true, which deletes them too."
    static let paramsSchema = JSONSchema.object(["id": DiarySchema.id, "force": .boolean()], required: ["id"])
    static let resultSchema = DiarySchema.deletion

    typealias Params = ForcedDeletion
    typealias Result = DeletionResult

    let diary: Diary

    func handle(_ params: ForcedDeletion, context: RPCContext) async throws -> DeletionResult {
        try await diary.deletePet(id: params.id, force: params.force ?? false, logger: context.logger)
    }
}
