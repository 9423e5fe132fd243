import JSONRPC
import PetDiary

/// `albums.delete {id, force?}` → what was deleted.
struct AlbumsDelete: RPCMethod {
    static let name = "albums.delete"
    static let summary = "Deletes an album. One with photos is refused (-32002) unless force is true, which deletes its photos too."
    static let paramsSchema = JSONSchema.object(["id": DiarySchema.id, "force": .boolean()], required: ["id"])
    static let resultSchema = DiarySchema.deletion

    typealias Params = ForcedDeletion
    typealias Result = DeletionResult

    let diary: Diary

    func handle(_ params: ForcedDeletion, context: RPCContext) async throws -> DeletionResult {
        try await diary.deleteAlbum(id: params.id, force: params.force ?? false, logger: context.logger)
    }
}
