/// `{id}`: the params of every method that names one record.
struct RecordID: Decodable, Sendable {
    var id: String
}
