import JSONRPC
import ToolkitAPI

extension CoreCall {
    /// The id of the pet named `nameOrID` (``PetLookup``), asking the core for its pets.
    /// - Throws: `ValidationError` when no pet or several have that name.
    func petId(for nameOrID: String) async throws -> String {
        try await PetLookup.id(for: nameOrID) { cursor in
            let page = try await raw(
                PetsList.name,
                params: try RawJSON(encoding: PetsList.Params(order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<PetRecord>.self)
            return (page.items.map { ($0.id, $0.name) }, page.nextCursor)
        }
    }
}
