import ToolkitAPI

extension CoreCall {
    /// Every record of a list that takes only paging (`pets.list`, `sounds.list`), oldest first, 500 a page;
    /// nil when `--json` printed the first page instead.
    /// - Throws: what ``call(_:_:quietly:)`` throws.
    func everyItem<Method: APIMethod, Item>(
        of method: Method.Type
    ) async throws -> [Item]? where Method.Params == PageRequest, Method.Result == PageRecord<Item> {
        var items: [Item] = []
        var cursor: String?
        repeat {
            guard let page = try await call(method, PageRequest(order: "oldest", limit: 500, cursor: cursor))
            else { return nil }
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }
}
