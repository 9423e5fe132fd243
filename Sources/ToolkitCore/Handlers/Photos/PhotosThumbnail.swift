#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import PetDiary

/// `photos.thumbnail {id, size?}` → a JPEG no larger than `size` on its longest side, upright.
struct PhotosThumbnail: RPCMethod {
    static let name = "photos.thumbnail"
    static let summary = "Returns a JPEG thumbnail of a photo, its longest side at most size pixels (16 to 2048, default 256), turned upright by its EXIF orientation and never enlarged. Made once and kept; the result has the file's path and its bytes in base64."
    static let paramsSchema = JSONSchema.object(
        ["id": DiarySchema.id, "size": .integer(minimum: 16, maximum: 2048)], required: ["id"])
    static let resultSchema = JSONSchema.object([
        "photoId": .string(), "size": .integer(), "mediaType": .string(), "sha256": .string(), "bytes": .integer(),
        "path": .string(), "data": .string(description: "base64"),
    ])

    struct Params: Decodable, Sendable {
        var id: String
        var size: Int?
    }

    struct Result: Encodable, Sendable {
        var photoId: String
        var size: Int
        var mediaType = "image/jpeg"
        var sha256: String
        var bytes: Int
        var path: String
        var data: String
    }

    let diary: DiaryServices

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        let size = params.size ?? 256
        guard (16...2048).contains(size) else {
            throw RPCError.invalidParams("size \(size) is out of range; ask for 16 to 2048 pixels.", field: "size")
        }
        let photo = try await diary.store.photo(id: params.id)
        if let cached = try await diary.store.thumbnail(of: photo.sha256, size: size),
            let bytes = FileManager.default.contents(atPath: try diary.blobs.path(of: cached))
        {
            return Result(photoId: photo.id, size: size, sha256: cached, bytes: bytes.count, path: try diary.blobs.path(of: cached), data: bytes.base64EncodedString())
        }
        let jpeg: [UInt8]
        do {
            jpeg = try await diary.thumbnailer.thumbnail(
                ofFileAt: try diary.blobs.path(of: photo.sha256), size: size, mediaType: photo.mediaType)
        } catch let error as MediaError {
            throw error.rpcError(field: "id")
        }
        let blob = try await diary.blobs.publish(try await diary.blobs.stage(bytes: jpeg))
        defer { blob.release() }
        if try await !diary.store.recordThumbnail(of: photo.sha256, size: size, thumbnailSha256: blob.sha256) {
            throw DiaryError(.notFound, "The photo \(photo.id) was deleted while its thumbnail was made.", kind: "photo", id: photo.id)
        }
        return Result(photoId: photo.id, size: size, sha256: blob.sha256, bytes: jpeg.count, path: blob.path, data: Data(jpeg).base64EncodedString())
    }
}
