import JSONRPC
import PetDiary
import ToolkitAPI

/// `diary.calendar {year, month, petId?}` → the days of that month with entries or photos.
struct DiaryCalendarHandler: RPCHandler {
    typealias Method = DiaryCalendar

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        CalendarRecord(try await diary.store.calendar(year: params.year, month: params.month, petId: params.petId))
    }
}
