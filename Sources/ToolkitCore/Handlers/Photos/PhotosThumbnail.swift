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

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        let thumbnail = try await diary.thumbnail(ofPhoto: params.id, size: params.size ?? 256)
        return Result(
            photoId: thumbnail.photoId, size: thumbnail.size, sha256: thumbnail.sha256, bytes: thumbnail.bytes.count,
            path: thumbnail.path, data: Data(thumbnail.bytes).base64EncodedString())
    }
}
