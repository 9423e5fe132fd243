import HTTPTypes
import Hummingbird
import JSONRPC
import MCPBridge
import ToolkitAPI

/// `/media/...`: the diary's files, found by record id through the core's catalogue and served from the
/// data directory's blobs. A URL names ids only; the file's path is made from the SHA-256 the core answers,
/// so no spelling of a path in the URL (`..`, `%2e%2e`, `%2f`) reaches the file system.
///
/// - `GET /media/photos/ID`: the original (`photos.get`).
/// - `GET /media/photos/ID/thumbnail?size=N`: a JPEG, a video's poster (`photos.thumbnail`, size 16 to 2048).
/// - `GET /media/photos/ID/video`: the browser-playable copy when it is made, else the original
///   (`photos.rendition`).
/// - `GET /media/sounds/ID`: the WAV (`sounds.get`).
struct MediaRoutes: Sendable {
    let link: RPCLink
    let dataDirectory: String
    let fileIO = FileIO()
    let lookups = MediaLookups()
    let smallBlobs = SmallBlobs()

    func original(_ request: Request, context: WebRequestContext) async throws -> Response {
        let id = try id(context)
        let file = try await lookups.file(.init(route: .original, id: id)) {
            let photo = try await call(PhotosGet.self, RecordID(id: id))
            return MediaFile(sha256: photo.sha256, mediaType: photo.mediaType)
        }
        return try await serve(file, request, context)
    }

    func thumbnail(_ request: Request, context: WebRequestContext) async throws -> Response {
        var size: Int?
        if let text = request.uri.queryParameters["size"] {
            guard let number = Int(text), (16...2048).contains(number) else {
                throw WebResponse.refusal(.badRequest, "size must be a whole number of pixels from 16 to 2048.")
            }
            size = number
        }
        let id = try id(context)
        let file = try await lookups.file(.init(route: .thumbnail, id: id, size: size)) {
            let thumbnail = try await call(PhotosThumbnail.self, .init(id: id, size: size))
            return MediaFile(sha256: thumbnail.sha256, mediaType: thumbnail.mediaType)
        }
        return try await serve(file, request, context)
    }

    func video(_ request: Request, context: WebRequestContext) async throws -> Response {
        let id = try id(context)
        let file = try await lookups.file(.init(route: .video, id: id)) {
            let rendition = try await call(PhotosRendition.self, .init(id: id))
            if ["ready", "original"].contains(rendition.state), let sha256 = rendition.sha256 {
                return MediaFile(sha256: sha256, mediaType: rendition.mediaType ?? "video/mp4")
            }
            let photo = try await call(PhotosGet.self, RecordID(id: id))
            return MediaFile(sha256: photo.sha256, mediaType: photo.mediaType)
        }
        return try await serve(file, request, context)
    }

    func sound(_ request: Request, context: WebRequestContext) async throws -> Response {
        let id = try id(context)
        let file = try await lookups.file(.init(route: .sound, id: id)) {
            MediaFile(sha256: try await call(SoundsGet.self, RecordID(id: id)).sha256, mediaType: "audio/wav")
        }
        return try await serve(file, request, context)
    }

    private func serve(_ file: MediaFile, _ request: Request, _ context: WebRequestContext) async throws -> Response {
        try await file.response(
            to: request, dataDirectory: dataDirectory, fileIO: fileIO, smallBlobs: smallBlobs, context: context)
    }

    /// The route's id (see ``Swift/String/isRecordID``); 404 otherwise.
    private func id(_ context: WebRequestContext) throws -> String {
        guard let id = context.parameters.get("id"), id.isRecordID else {
            throw WebResponse.refusal(.notFound, "There is nothing at this address.")
        }
        return id
    }

    /// Calls the core (see ``JSONRPC/RPCLink/callRefusing(_:_:)``) and reads its answer.
    private func call<M: APIMethod>(_ method: M.Type, _ params: M.Params) async throws -> M.Result
    where M.Params: Encodable, M.Result: Decodable {
        try await link.callRefusing(M.name, params).decode(M.Result.self)
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5a).contains(self) || (0x61...0x7a).contains(self)
    }
}

extension String {
    /// Whether this reads as a record id: letters, digits, `-` and `_` (a UUID, or a built-in sound's name), at
    /// most 64 bytes.
    var isRecordID: Bool {
        (1...64).contains(utf8.count)
            && utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }
}
