import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `diary.calendar` as ToolkitAPI's ``DiaryCalendar`` describes it.
struct DiaryCalendarHandler: RPCHandler {
    typealias Method = DiaryCalendar

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        CalendarRecord(
            try await diary.store.entries.calendar(year: params.year, month: params.month, petId: params.petId))
    }
}
