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
            return (page.items.map { .init(id: $0.id, name: $0.name, detail: $0.species) }, page.nextCursor)
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

    /// The id of the album titled `titleOrID` (``RecordLookup``), asking the core for its albums: of the pet
    /// `petId` only, when given, so that two pets' albums of one title are told apart by `--pet`.
    /// - Throws: `ValidationError` when no album or several have that title; the latter lists each with its pet
    ///   and photo count.
    func albumId(for titleOrID: String, petId: String? = nil) async throws -> String {
        let pets = try await petNames()
        let narrowing = petId == nil ? "add --pet NAME to take that pet's" : nil
        return try await RecordLookup.id(of: .album, for: titleOrID, narrowing: narrowing) { cursor in
            let page = try await raw(
                AlbumsList.name,
                params: try RawJSON(
                    encoding: AlbumsList.Params(petId: petId, order: "oldest", limit: 500, cursor: cursor))
            ).decode(PageRecord<AlbumRecord>.self)
            let candidates = page.items.map { album in
                let owner = album.petId.map { pets[$0] ?? $0 } ?? "no pet"
                let count = album.photoCount == 1 ? "1 photo" : "\(album.photoCount) photos"
                return RecordLookup.Candidate(id: album.id, name: album.title, detail: "\(owner), \(count)")
            }
            return (candidates, page.nextCursor)
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
            return (page.items.map { .init(id: $0.id, name: $0.title) }, page.nextCursor)
        }
    }
}

/// The part of a sound a lookup by title reads.
private struct SoundTitle: Codable, Sendable {
    var id: String
    var title: String
}
