/// `{id, force?}`: the params of a delete that may take children with it.
struct ForcedDeletion: Decodable, Sendable {
    var id: String
    var force: Bool?
}
