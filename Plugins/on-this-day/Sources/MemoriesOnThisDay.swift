import ToolkitPlugin

/// `memories.onThisDay {date?, petId?, years?, progress?}` → the diary entries and photos from the same
/// month and day in each earlier year, by year (newest first) and pet.
enum MemoriesOnThisDay: APIMethod {
    static let name = "memories.onThisDay"
    static let effect: RPCMethodEffect = .read
    static let summary = """
        Diary entries and photos from the same month and day in earlier years, by year and by pet.
        """
    static let paramsSchema: JSONSchema = .closedObject([
        "date": .string(
            description: "The day to look back from, YYYY-MM-DD; today (local time) when absent.",
            pattern: "^\\d{4}-\\d{2}-\\d{2}$"),
        "petId": .string(description: "Only this pet's entries, and photos in its albums."),
        "years": .integer(
            description: "How many earlier years to look at; the years option (10 by default) when absent.",
            minimum: 1, maximum: 100),
        "progress": .boolean(description: "Send a progress notification per year looked at."),
    ])
    static let resultSchema: JSONSchema = .object([
        "date": APISchema.day, "count": .integer(description: "Entries and photos found, in every year."),
        "years": .array(
            of: .object([
                "year": .integer(), "yearsAgo": .integer(), "date": APISchema.day,
                "pets": .array(
                    of: .object([
                        "petId": .nullable(.string()), "petName": .nullable(.string()),
                        "entries": .array(of: APISchema.entry), "photos": .array(of: APISchema.photo),
                    ])),
            ])),
    ])

    struct Params: Codable, Sendable, Hashable {
        var date: String?
        var petId: String?
        var years: Int?
        var progress: Bool?
    }

    struct Result: Codable, Sendable {
        /// The day looked back from.
        var date: String
        /// Entries and photos found, in every year together.
        var count: Int
        /// Only the years with memories, newest first.
        var years: [YearMemories]
    }

    /// One earlier year's memories.
    struct YearMemories: Codable, Sendable {
        var year: Int
        var yearsAgo: Int
        /// The same month and day in that year.
        var date: String
        /// By pet, in the order of their names; the entries and photos of no pet (in an album of no pet)
        /// come last, under `petId` null.
        var pets: [PetMemories]
    }

    /// One pet's memories of one day.
    struct PetMemories: Codable, Sendable {
        var petId: String?
        var petName: String?
        var entries: [EntryRecord]
        var photos: [PhotoRecord]

        private enum CodingKeys: String, CodingKey { case petId, petName, entries, photos }

        /// Writes `petId` and `petName` as null for the memories of no pet.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(petId, forKey: .petId)
            try container.encode(petName, forKey: .petName)
            try container.encode(entries, forKey: .entries)
            try container.encode(photos, forKey: .photos)
        }
    }
}
