import ArgumentParser
import JSONRPC
import ToolkitAPI

extension CoreCall {
    /// The id of the pet named `nameOrID`: itself when it is a pet's id, else the one pet with that name.
    /// - Throws: `ValidationError` when no pet or several have that name.
    func petId(for nameOrID: String) async throws -> String {
        var matches: [PetRecord] = []
        var cursor: String?
        repeat {
            let page = try await raw(
                PetsList.name,
                params: try RawJSON(encoding: PetsList.Params(order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<PetRecord>.self)
            if let pet = page.items.first(where: { $0.id == nameOrID }) { return pet.id }
            matches += page.items.filter { $0.name == nameOrID }
            cursor = page.nextCursor
        } while cursor != nil
        switch matches.count {
        case 1: return matches[0].id
        case 0: throw ValidationError("No pet is named or has the id '\(nameOrID)'; see toolkit pets.")
        default:
            throw ValidationError(
                "\(matches.count) pets are named '\(nameOrID)'; give one's id: "
                    + matches.map(\.id).joined(separator: ", ") + ".")
        }
    }
}
