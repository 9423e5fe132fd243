import JSONRPC

extension JSONValue {
    /// The same value with every object's members sorted by key, at every depth: two objects with the same
    /// members in another order are equal once both are in key order.
    var inKeyOrder: JSONValue {
        switch self {
        case .object(let members): .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.inKeyOrder) })
        case .array(let items): .array(items.map(\.inKeyOrder))
        default: self
        }
    }
}
