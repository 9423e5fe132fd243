#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import ToolkitAPI

/// `resources/read`: a `toolkit://` address read through the core's methods.
struct ResourceReader: Sendable {
    let calls: ResourceCalls

    /// The `resources/read` answer for `uri`: `{"contents": [{uri, mimeType, text or blob}]}`.
    /// - Throws: ``JSONRPC/RPCError`` invalid params for an address that is not a toolkit resource (naming the
    ///   templates), an original too large to send, and a record the core does not have (with the core's message).
    func read(_ uri: String) async throws -> JSONValue {
        guard let resource = ResourceURI(uri) else { throw MCPError.invalidParams(ResourceTemplates.unknown(uri)) }
        let content: JSONValue
        switch resource {
        case .photo(let id): content = try await picture(of: id, uri: uri)
        case .original(let id): content = try await original(of: id, uri: uri)
        case .entry(let id): content = Self.text(try await entry(id), uri: uri)
        case .pet(let id): content = Self.text(try await petPage(id), uri: uri)
        }
        return .object([("contents", [content])])
    }

    /// Markdown contents.
    private static func text(_ markdown: String, uri: String) -> JSONValue {
        .object([("uri", .string(uri)), ("mimeType", "text/markdown"), ("text", .string(markdown))])
    }

    /// Binary contents, base64 as MCP carries them.
    private static func blob(_ base64: String, uri: String, mimeType: String) -> JSONValue {
        .object([("uri", .string(uri)), ("mimeType", .string(mimeType)), ("blob", .string(base64))])
    }

    /// The photo's thumbnail or the video's poster (the core makes both), the largest that fits
    /// ``ResourceTemplates/pictureBytes``.
    private func picture(of id: String, uri: String) async throws -> JSONValue {
        var side = ResourceTemplates.pictureSide
        while true {
            let thumbnail = try await calls.call(PhotosThumbnail.self, .init(id: id, size: side))
            guard let bytes = Data(base64Encoded: thumbnail.data) else {
                throw MCPError.internalError("The core's thumbnail of \(id) is not base64.")
            }
            if bytes.count <= ResourceTemplates.pictureBytes || side <= 256 {
                return Self.blob(thumbnail.data, uri: uri, mimeType: thumbnail.mediaType)
            }
            side /= 2
        }
    }

    /// The file as imported, read from the core's data directory (the bridge runs on the core's machine).
    private func original(of id: String, uri: String) async throws -> JSONValue {
        let photo = try await calls.call(PhotosGet.self, .init(id: id))
        let info = try await calls.call(SystemInfo.self, .init())
        let path = OriginalFile.path(dataDirectory: info.paths.dataDir, sha256: photo.sha256)
        guard photo.bytes <= ResourceTemplates.originalBytes else {
            throw MCPError.invalidParams(
                """
                \(uri) is \(photo.bytes) bytes (\(OriginalFile.megabytes(photo.bytes))), more than the \
                \(ResourceTemplates.originalBytes >> 20) MiB a resource may carry; the file is \(path) on the \
                core's machine, and toolkit://photos/\(id) is its picture.
                """)
        }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw MCPError.internalError(
                "\(path), the original of \(uri), cannot be read by the bridge: is the core's data directory "
                    + "on this machine and readable by this user?")
        }
        return Self.blob(bytes.base64EncodedString(), uri: uri, mimeType: photo.mediaType)
    }

    private func entry(_ id: String) async throws -> String {
        let entry = try await calls.call(DiaryGet.self, .init(id: id))
        var markdown = EntryMarkdown(entry: entry)
        if let petId = entry.petId { markdown.pet = try? await calls.call(PetsGet.self, .init(id: petId)) }
        for photoId in entry.photoIds {
            markdown.photos[photoId] = try? await calls.call(PhotosGet.self, .init(id: photoId))
        }
        return markdown.text
    }

    private func petPage(_ id: String) async throws -> String {
        let pet = try await calls.call(PetsGet.self, .init(id: id))
        let albums = try await calls.call(AlbumsList.self, .init(petId: id, order: "oldest", limit: PetPage.albumLimit))
        let entries = try await calls.call(
            DiaryList.self, .init(petId: id, order: "newest", limit: PetPage.latestEntries))
        return PetPage(pet: pet, albums: albums, entries: entries, videoCounts: try await videoCounts(ofPet: id)).text
    }

    /// How many videos each of the pet's albums holds, by album id.
    private func videoCounts(ofPet id: String) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        var cursor: String?
        repeat {
            let page = try await calls.call(
                PhotosList.self, .init(petId: id, kind: "video", limit: 500, cursor: cursor))
            for video in page.items { counts[video.albumId, default: 0] += 1 }
            cursor = page.nextCursor
        } while cursor != nil
        return counts
    }
}
