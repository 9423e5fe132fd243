import JSONRPC
import PetDiary
import ToolkitAPI

extension PetDiary.PageRequest {
    /// Reads `limit`, `cursor` and `order` as a list method's params give them.
    /// - Throws: -32602 naming `order` when it is neither newest nor oldest.
    init(limit: Int?, cursor: String?, order: String?) throws {
        var parsed: ListOrder?
        if let order {
            guard let value = ListOrder(rawValue: order) else {
                throw RPCError.invalidParams("order '\(order)' is not an order; use newest or oldest.", field: "order")
            }
            parsed = value
        }
        self.init(limit: limit, cursor: cursor, order: parsed)
    }

    /// Reads a list method's paging params: `pets.list`'s, or the `page` of `diary.list`'s.
    /// - Throws: -32602 naming `order` when it is neither newest nor oldest.
    init(_ params: ToolkitAPI.PageRequest) throws {
        try self.init(limit: params.limit, cursor: params.cursor, order: params.order)
    }
}
