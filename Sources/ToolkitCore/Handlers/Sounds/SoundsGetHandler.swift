import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `sounds.get` as ToolkitAPI's ``SoundsGet`` describes it.
struct SoundsGetHandler: RPCHandler {
    typealias Method = SoundsGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        SoundRecord(try await diary.store.sounds.get(id: params.id))
    }
}
