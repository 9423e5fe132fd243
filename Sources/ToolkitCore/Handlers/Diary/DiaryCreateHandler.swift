import JSONRPC
import PetDiary
import ToolkitAPI

/// `diary.create {title, body, date?, petId?, photoIds?, favorite?}` → the entry.
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
