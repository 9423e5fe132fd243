import ToolkitPlugin

/// Answers `memories.onThisDay` as ``MemoriesOnThisDay`` describes it, from the core's `diary.list` and
/// `photos.list`.
struct MemoriesOnThisDayHandler: RPCHandler {
    typealias Method = MemoriesOnThisDay

    let plugin: Plugin

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let day: Day
        if let date = params.date {
            guard let given = Day(date) else {
                throw RPCError.invalidParams("Param 'date' is \(date); it must be a day, YYYY-MM-DD.", field: "date")
            }
            day = given
        } else {
            day = Day.today(calendar: await DiaryCalendar.of(try await plugin.core()))
        }
        let years = params.years ?? plugin.option(OnThisDayOptions.years)
        guard years >= 1 else {
            throw RPCError.invalidParams("Param 'years' is \(years); it must be 1 or more.", field: "years")
        }
        let progress = context.progressReporter(unit: "years")
        let finder = MemoryFinder(core: try await plugin.core())
        return try await finder.memories(on: day, years: years, petId: params.petId) { done in
            progress.report(done: done, total: years)
        }
    }
}
