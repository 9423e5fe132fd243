/// The data of the `memories.found` event, published once a day when there are memories for it.
struct MemoriesFound: Codable, Sendable, Hashable {
    static let topic = "memories.found"

    /// The day looked back from, `YYYY-MM-DD`.
    var date: String
    /// How many entries and photos were found, in every earlier year together.
    var count: Int
}
