import JSONRPC
import PetDiary
import ToolkitAPI

/// `diary.update {id, title?, body?, date?, petId?, photoIds?, favorite?}` → the entry.
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
