import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `diary.update` as ToolkitAPI's ``DiaryUpdate`` describes it.
struct DiaryUpdateHandler: RPCHandler {
    typealias Method = DiaryUpdate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        EntryRecord(
            try await diary.updateEntry(
                id: params.id,
                EntryFields(
                    title: params.title, body: params.body, date: params.date, petId: params.petId,
                    photoIds: params.photoIds, favorite: params.favorite)))
    }
}
