import JSONRPC
import ToolkitAPI

extension CoreCall {
    /// The id of the pet named `nameOrID` (``RecordLookup``), asking the core for its pets.
    /// - Throws: `ValidationError` when no pet or several have that name.
    func petId(for nameOrID: String) async throws -> String {
        try await RecordLookup.id(of: .pet, for: nameOrID) { cursor in
            let page = try await raw(
                PetsList.name,
                params: try RawJSON(encoding: PetsList.Params(order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<PetRecord>.self)
            return (page.items.map { ($0.id, $0.name) }, page.nextCursor)
        }
    }

    /// Every pet's name by its id, for lists that show whose a record is.
    func petNames() async throws -> [String: String] {
        var names: [String: String] = [:]
        var cursor: String?
        repeat {
            let page = try await raw(
                PetsList.name,
                params: try RawJSON(encoding: PetsList.Params(order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<PetRecord>.self)
            for pet in page.items { names[pet.id] = pet.name }
            cursor = page.nextCursor
        } while cursor != nil
        return names
    }

    /// The id of the album titled `titleOrID` (``RecordLookup``), asking the core for its albums.
    /// - Throws: `ValidationError` when no album or several have that title.
    func albumId(for titleOrID: String) async throws -> String {
        try await RecordLookup.id(of: .album, for: titleOrID) { cursor in
            let page = try await raw(
                AlbumsList.name,
                params: try RawJSON(encoding: AlbumsList.Params(order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<AlbumRecord>.self)
            return (page.items.map { ($0.id, $0.title) }, page.nextCursor)
        }
    }

    /// The id of the sound titled `titleOrID` (``RecordLookup``), asking the core for its sounds.
    /// - Throws: `ValidationError` when no sound or several have that title.
    func soundId(for titleOrID: String) async throws -> String {
        try await RecordLookup.id(of: .sound, for: titleOrID) { cursor in
            let page = try await raw(
                SoundsList.name,
                params: try RawJSON(encoding: SoundsList.Params(order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<SoundTitle>.self)
            return (page.items.map { ($0.id, $0.title) }, page.nextCursor)
        }
    }
}

/// The part of a sound a lookup by title reads.
private struct SoundTitle: Codable, Sendable {
    var id: String
    var title: String
}
