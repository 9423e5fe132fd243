import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `diary.create` as ToolkitAPI's ``DiaryCreate`` describes it.
struct DiaryCreateHandler: RPCHandler {
    typealias Method = DiaryCreate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        EntryRecord(
            try await diary.createEntry(
                EntryFields(
                    title: params.title, body: params.body, date: params.date, petId: params.petId,
                    photoIds: params.photoIds, favorite: params.favorite)))
    }
}
