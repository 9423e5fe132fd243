#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ToolkitAPI

/// Finds the pet or album a tool's argument names, a page at a time with the core's list methods.
struct RecordLookup {
    let calls: ResourceCalls
    /// The core's largest page.
    private static let pageSize = 500

    /// A record a name may stand for: its id and what tells it apart from others of that name (a pet's species
    /// and day added; an album's pet, and its photos and videos).
    private struct Candidate {
        var id: String
        var name: String
        var detail: String
    }

    /// The id of the `kind` called `given`: itself when it is a UUID, else the one record with that name (an
    /// album of the pet `ofPet`, when given).
    /// - Throws: ``NameRefusal`` when none or several have that name.
    func id(of kind: RecordNames.Kind, for given: String, ofPet: String? = nil) async throws -> String {
        if UUID(uuidString: given) != nil { return given }
        let matches = try await candidates(kind, named: given, ofPet: ofPet)
        switch matches.count {
        case 1:
            return matches[0].id
        case 0:
            let among = ofPet == nil ? "" : " among the pet's albums"
            throw NameRefusal(
                message: "No \(kind.noun) is \(kind.called) '\(given)'\(among); \(kind.listTool) lists them "
                    + "with their ids. Nothing was changed.")
        default:
            let listed = matches.map { "\($0.id) (\($0.detail))" }.joined(separator: ", ")
            let narrowing = kind == .album ? "name its pet in petId, or " : ""
            throw NameRefusal(
                message: "\(matches.count) \(kind.noun)s are \(kind.called) '\(given)': \(listed); "
                    + "\(narrowing)give one's id. Nothing was changed.")
        }
    }

    private func candidates(
        _ kind: RecordNames.Kind, named given: String, ofPet: String?
    ) async throws -> [Candidate] {
        switch kind {
        case .pet:
            return try await pets().filter { $0.name == given }.map { pet in
                Candidate(id: pet.id, name: pet.name, detail: Self.petDetail(pet))
            }
        case .album:
            let albums = try await albums(ofPet: ofPet).filter { $0.title == given }
            guard !albums.isEmpty else { return [] }
            let owners = Dictionary(try await pets().map { ($0.id, $0.name) }) { first, _ in first }
            var found: [Candidate] = []
            for album in albums {
                let owner = album.petId.flatMap { owners[$0] }.map { "\($0)'s album" } ?? "no pet's album"
                let videos = try await videoCount(inAlbum: album.id)
                let count = MediaCount(photos: album.photoCount - videos, videos: videos)
                found.append(Candidate(id: album.id, name: album.title, detail: owner + ", " + count.text))
            }
            return found
        }
    }

    private static func petDetail(_ pet: PetRecord) -> String {
        let kind = [pet.species, pet.breed].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return (kind.isEmpty ? "" : kind + ", ") + "added \(pet.createdAt.prefix(10))"
    }

    /// Every pet.
    func pets() async throws -> [PetRecord] {
        var all: [PetRecord] = []
        var cursor: String?
        repeat {
            let page = try await calls.call(PetsList.self, .init(limit: Self.pageSize, cursor: cursor))
            all += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return all
    }

    /// Every album, or every album of one pet.
    func albums(ofPet petID: String?) async throws -> [AlbumRecord] {
        var all: [AlbumRecord] = []
        var cursor: String?
        repeat {
            let page = try await calls.call(AlbumsList.self, .init(petId: petID, limit: Self.pageSize, cursor: cursor))
            all += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return all
    }

    /// How many diary entries are about a pet.
    func entryCount(ofPet petID: String) async throws -> Int {
        var count = 0
        var cursor: String?
        repeat {
            let page = try await calls.call(DiaryList.self, .init(petId: petID, limit: Self.pageSize, cursor: cursor))
            count += page.items.count
            cursor = page.nextCursor
        } while cursor != nil
        return count
    }

    /// How many of an album's photos are videos.
    func videoCount(inAlbum albumID: String) async throws -> Int {
        var count = 0
        var cursor: String?
        repeat {
            let page = try await calls.call(
                PhotosList.self, .init(albumId: albumID, kind: "video", limit: Self.pageSize, cursor: cursor))
            count += page.items.count
            cursor = page.nextCursor
        } while cursor != nil
        return count
    }
}
