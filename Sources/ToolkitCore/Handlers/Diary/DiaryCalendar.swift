import JSONRPC
import PetDiary

/// `diary.calendar {year, month, petId?}` → the days of that month with entries or photos.
struct DiaryCalendar: RPCMethod {
    static let name = "diary.calendar"
    static let summary = "The days of a month that have diary entries or photos (by the day they were taken), with their counts."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = JSONSchema.object(
        ["year": .integer(minimum: 1, maximum: 9999), "month": .integer(minimum: 1, maximum: 12), "petId": DiarySchema.id],
        required: ["year", "month"])
    static let resultSchema = JSONSchema.object([
        "year": .integer(), "month": .integer(),
        "days": .array(of: .object(["date": DiarySchema.day, "entries": .integer(), "photos": .integer()])),
    ])
    static let positionalParameters: [String]? = ["year", "month"]

    struct Params: Decodable, Sendable {
        var year: Int
        var month: Int
        var petId: String?
    }

    typealias Result = CalendarMonth

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> CalendarMonth {
        try await diary.store.calendar(year: params.year, month: params.month, petId: params.petId)
    }
}
