import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `sounds.rename` as ToolkitAPI's ``SoundsRename`` describes it.
struct SoundsRenameHandler: RPCHandler {
    typealias Method = SoundsRename

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        SoundRecord(try await diary.renameSound(id: params.id, title: params.title))
    }
}
