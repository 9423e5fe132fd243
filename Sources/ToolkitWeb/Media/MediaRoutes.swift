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
    let link: CoreLink
    let dataDirectory: String
    let fileIO = FileIO()
    let lookups = MediaLookups()

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
        try await file.response(to: request, dataDirectory: dataDirectory, fileIO: fileIO, context: context)
    }

    /// The route's id: letters, digits, `-` and `_` only (a UUID, or a built-in sound's name); 404 otherwise.
    private func id(_ context: WebRequestContext) throws -> String {
        guard let id = context.parameters.get("id"), (1...64).contains(id.utf8.count),
            id.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { throw WebResponse.refusal(.notFound, "There is nothing at this address.") }
        return id
    }

    /// Calls the core: its not-found is 404, its refusal of the params 400, no core 503.
    private func call<M: APIMethod>(_ method: M.Type, _ params: M.Params) async throws -> M.Result
    where M.Params: Encodable, M.Result: Decodable {
        do {
            return try await link.call(M.name, params: RawJSON(encoding: params)).decode(M.Result.self)
        } catch let error as RPCError {
            switch error.code {
            case .notFound: throw WebResponse.refusal(.notFound, error.message)
            case .invalidParams: throw WebResponse.refusal(.badRequest, error.message)
            default: throw WebResponse.refusal(.badGateway, error.message)
            }
        } catch let error as RPCClientError {
            throw WebResponse.refusal(.serviceUnavailable, RPCRoute.notRunning(error.message))
        }
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5a).contains(self) || (0x61...0x7a).contains(self)
    }
}
