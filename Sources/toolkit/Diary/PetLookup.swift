import ArgumentParser

/// Finds the pet a command names, by name or id, a page of pets at a time: from the core, or from the store
/// itself when a command works offline.
enum PetLookup {
    /// The id of the pet named `nameOrID`: itself when it is a pet's id, else the one pet with that name.
    /// - Parameter page: the pets (id, name) after a cursor, and the next cursor.
    /// - Throws: `ValidationError` when no pet or several have that name.
    static func id(
        for nameOrID: String, page: (String?) async throws -> ([(id: String, name: String)], String?)
    ) async throws -> String {
        var matches: [(id: String, name: String)] = []
        var cursor: String?
        repeat {
            let (items, next) = try await page(cursor)
            if let pet = items.first(where: { $0.id == nameOrID }) { return pet.id }
            matches += items.filter { $0.name == nameOrID }
            cursor = next
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
