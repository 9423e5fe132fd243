import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `photos.import` as ToolkitAPI's ``PhotosImport`` describes it.
struct PhotosImportHandler: RPCHandler {
    typealias Method = PhotosImport

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let sources = [params.path, params.data, params.url].compactMap { $0 }
        guard sources.count == 1 else {
            throw RPCError.invalidParams(
                "Give exactly one of path, data (with filename) or url; \(sources.count) were given.", field: "path")
        }
        let source: PhotoSource
        if let path = params.path {
            try PathAccess.check(context)
            source = .file(path: path)
        } else if let data = params.data {
            source = .base64(data, filename: params.filename)
        } else {
            source = .url(params.url!, publicOnly: params.publicOnly ?? false)
        }
        return PhotoRecord(try await diary.importPhoto(from: source, into: params.albumId))
    }
}
