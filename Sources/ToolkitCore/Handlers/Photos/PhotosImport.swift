import JSONRPC
import PetDiary

/// `photos.import {albumId, path | data+filename | url}` → the photo, `duplicate: true` when the same
/// bytes are already in that album.
struct PhotosImport: RPCMethod {
    static let name = "photos.import"
    static let summary = "Imports one photo or video into an album: from an absolute path on the core's machine, from base64 data (with filename), or from an http(s) URL. The type is read from the content (JPEG, PNG, GIF, WebP, HEIC, MP4, MOV). The same bytes already in the album give back that photo with duplicate: true."
    static let paramsSchema = JSONSchema.object(
        [
            "albumId": DiarySchema.id, "path": .string(description: "An absolute path; only for a client of the core's own user."),
            "data": .string(description: "The file's bytes, base64."), "filename": .string(description: "The name to keep with data."),
            "url": .string(description: "http or https; bounded in size and time.", format: "uri"),
        ],
        required: ["albumId"])
    static let resultSchema = DiarySchema.photo

    struct Params: Decodable, Sendable {
        var albumId: String
        var path: String?
        var data: String?
        var filename: String?
        var url: String?
    }

    typealias Result = Photo

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Photo {
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
            source = .url(params.url!)
        }
        return try await diary.importPhoto(from: source, into: params.albumId)
    }
}
