#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `photos.thumbnail` as ToolkitAPI's ``PhotosThumbnail`` describes it.
struct PhotosThumbnailHandler: RPCHandler {
    typealias Method = PhotosThumbnail

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let thumbnail = try await diary.thumbnail(ofPhoto: params.id, size: params.size ?? 256)
        return Method.Result(
            photoId: thumbnail.photoId, size: thumbnail.size, sha256: thumbnail.sha256, bytes: thumbnail.bytes.count,
            path: thumbnail.path, data: Data(thumbnail.bytes).base64EncodedString())
    }
}
