public import JSONRPC

/// `diary.calendar {year, month, petId?}` → the days of that month with entries or photos.
public enum DiaryCalendar: APIMethod {
    public static let name = "diary.calendar"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        The days of a month that have diary entries or photos (by the day they were taken), with their counts.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "year": .integer(minimum: 1, maximum: 9999), "month": .integer(minimum: 1, maximum: 12),
            "petId": APISchema.id,
        ],
        required: ["year", "month"])
    public static let resultSchema: JSONSchema = APISchema.calendar
    /// Params may also be given by position: `[year, month]`.
    public static let positionalParameters: [String]? = ["year", "month"]

    /// The params of `diary.calendar`: `{year, month, petId?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// 1 to 9999.
        public var year: Int
        /// 1 to 12.
        public var month: Int
        /// A record id (UUID).
        public var petId: String?

        /// Makes the params; without `petId` every entry and photo counts.
        public init(year: Int, month: Int, petId: String? = nil) {
            self.year = year
            self.month = month
            self.petId = petId
        }
    }
    /// The month's days that have entries or photos; a day counts its photos by the day they were taken.
    public typealias Result = CalendarRecord
}
