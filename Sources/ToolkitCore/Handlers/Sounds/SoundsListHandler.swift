import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `sounds.list` as ToolkitAPI's ``SoundsList`` describes it.
struct SoundsListHandler: RPCHandler {
    typealias Method = SoundsList

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let page = try PageRequest(params)
        return PageRecord(try await diary.store.sounds.list(page: page), SoundRecord.init)
    }
}
