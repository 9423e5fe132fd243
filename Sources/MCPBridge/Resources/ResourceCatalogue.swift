import JSONRPC
import ToolkitAPI

/// `resources/list`: the pets, then the diary entries, then the photos and videos, a page of one core list at a
/// time, each page following the core's own cursor (``ResourceCursor``).
struct ResourceCatalogue: Sendable {
    /// Records per page: the `limit` of each core list call.
    static let pageSize = 50

    let calls: ResourceCalls

    /// The page at `cursor` (the start without one); an empty list is passed over, so a page is empty only
    /// when the diary is.
    /// - Returns: the `resources/list` answer: `{"resources": [...], "nextCursor": ...}`.
    /// - Throws: ``JSONRPC/RPCError`` invalid params for a cursor this bridge did not give; the core's errors.
    func page(at cursor: String?) async throws -> JSONValue {
        var position = ResourceCursor.start
        if let cursor {
            guard let given = ResourceCursor(cursor) else {
                throw MCPError.invalidParams(
                    "The cursor \(cursor) is not one resources/list gave; list again without a cursor.")
            }
            position = given
        }
        while true {
            let (resources, next) = try await page(of: position.list, after: position.core)
            if let next {
                return Self.answer(resources, nextCursor: ResourceCursor(list: position.list, core: next).text)
            }
            guard let following = position.list.next else { return Self.answer(resources, nextCursor: nil) }
            position = ResourceCursor(list: following, core: nil)
            if !resources.isEmpty { return Self.answer(resources, nextCursor: position.text) }
        }
    }

    private static func answer(_ resources: [JSONValue], nextCursor: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [("resources", .array(resources))]
        if let nextCursor { members.append(("nextCursor", .string(nextCursor))) }
        return .object(members)
    }

    /// One page of one core list as resources, and the core's cursor after it.
    private func page(of list: ResourceCursor.List, after cursor: String?) async throws -> ([JSONValue], String?) {
        switch list {
        case .pets:
            let page = try await calls.call(PetsList.self, .init(limit: Self.pageSize, cursor: cursor))
            return (page.items.map(Self.resource), page.nextCursor)
        case .entries:
            let page = try await calls.call(DiaryList.self, .init(limit: Self.pageSize, cursor: cursor))
            return (page.items.map(Self.resource), page.nextCursor)
        case .photos:
            let page = try await calls.call(PhotosList.self, .init(limit: Self.pageSize, cursor: cursor))
            return (page.items.map(Self.resource), page.nextCursor)
        }
    }

    static func resource(_ pet: PetRecord) -> JSONValue {
        resource(
            name: pet.name, uri: ResourceURI.pet(id: pet.id).text,
            description: "The page of \(pet.name)\(pet.species.map { ", a \($0)" } ?? ""): profile, albums, entries.",
            mimeType: "text/markdown")
    }

    static func resource(_ entry: EntryRecord) -> JSONValue {
        resource(
            name: ResourceNames.entry(entry), uri: ResourceURI.entry(id: entry.id).text,
            description: "A diary entry.", mimeType: "text/markdown")
    }

    static func resource(_ photo: PhotoRecord) -> JSONValue {
        let isVideo = photo.mediaType.hasPrefix("video/")
        return resource(
            name: ResourceNames.photo(photo), uri: ResourceURI.photo(id: photo.id).text,
            description: isVideo ? "A video's poster frame." : "A photo's thumbnail.", mimeType: "image/jpeg")
    }

    /// A resource as `resources/list` shows it.
    static func resource(name: String, uri: String, description: String, mimeType: String) -> JSONValue {
        .object([
            ("uri", .string(uri)), ("name", .string(name)), ("description", .string(description)),
            ("mimeType", .string(mimeType)),
        ])
    }
}
