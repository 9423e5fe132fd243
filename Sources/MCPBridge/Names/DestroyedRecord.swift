import JSONRPC
import ToolkitAPI

/// What a deleting call destroys, said by name for the user's confirmation: `delete the pet 두부 with 3 albums
/// and 12 entries`, `delete the album Walks (보리's) with 3 photos and 1 video`, never ids.
enum DestroyedRecord {
    /// What the call of `method` with `arguments` (ids, names already looked up) deletes; nil for a method
    /// without a record to name, or when the core cannot say (the call then fails at the core as it would).
    static func description(
        method: String, arguments: [(String, JSONValue)], calls: ResourceCalls
    ) async -> String? {
        guard
            let id = arguments.first(where: { $0.0 == "id" }).flatMap({ member -> String? in
                if case .string(let text) = member.1 { return text }
                return nil
            })
        else { return nil }
        return try? await describe(method: method, id: id, calls: calls)
    }

    private static func describe(method: String, id: String, calls: ResourceCalls) async throws -> String? {
        let lookup = RecordLookup(calls: calls)
        switch method {
        case PetsDelete.name:
            let pet = try await calls.call(PetsGet.self, RecordID(id: id))
            let albums = try await lookup.albums(ofPet: id).count
            let entries = try await lookup.entryCount(ofPet: id)
            return "delete the pet \(pet.name) with \(counted(albums, "album")) and \(counted(entries, "entry"))"
        case AlbumsDelete.name:
            let album = try await calls.call(AlbumsGet.self, RecordID(id: id))
            let videos = try await lookup.videoCount(inAlbum: id)
            var owner = ""
            if let petID = album.petId, let pet = try? await calls.call(PetsGet.self, RecordID(id: petID)) {
                owner = " (\(pet.name)'s)"
            }
            return "delete the album \(album.title)\(owner) with "
                + MediaCount(photos: album.photoCount - videos, videos: videos).text
        case PhotosDelete.name:
            let photo = try await calls.call(PhotosGet.self, RecordID(id: id))
            let what = photo.mediaType.hasPrefix("video/") ? "video" : "photo"
            return "delete the \(what) \(ResourceNames.photo(photo))"
        case DiaryDelete.name:
            let entry = try await calls.call(DiaryGet.self, RecordID(id: id))
            return "delete the diary entry \(ResourceNames.entry(entry))"
        default:
            return nil
        }
    }

    /// `1 album`, `3 albums`, `12 entries`.
    static func counted(_ count: Int, _ noun: String) -> String {
        if count == 1 { return "1 \(noun)" }
        return "\(count) " + (noun.hasSuffix("y") ? noun.dropLast() + "ies" : noun + "s")
    }
}
