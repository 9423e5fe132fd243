#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Hummingbird
import JSONRPC
import MCPBridge
import NIOCore
import Synchronization
import ToolkitAPI

/// `POST /api/upload?album=ID[&entry=ID]`: the raw file as the body (`X-Filename` names it), streamed to a
/// staging file in the data directory (never whole in memory) and imported as `photos.import` imports a path;
/// with `entry`, the photo is also attached to that entry. 200 with the photo record; 404 for an album or
/// entry that does not exist; 413 over the upload limit (a declared length is refused before a byte is
/// read); 415 for content that is not a photo or video. The staging file is removed whatever happens, so a
/// refused upload keeps nothing.
struct UploadRoute: Sendable {
    let link: RPCLink
    let dataDirectory: String
    let maximumBytes: Int64
    let fileIO = FileIO()

    func upload(_ request: Request, context: WebRequestContext) async throws -> Response {
        guard let album = request.uri.queryParameters["album"].map(String.init), album.isRecordID else {
            throw WebResponse.refusal(.badRequest, "Name the album: POST /api/upload?album=ID[&entry=ID].")
        }
        let entry = request.uri.queryParameters["entry"].map(String.init)
        if let entry, !entry.isRecordID { throw WebResponse.refusal(.notFound, "No entry has the id \(entry).") }
        if let declared = request.headers[.contentLength].flatMap(Int64.init), declared > maximumBytes {
            throw tooLarge
        }
        _ = try await link.callRefusing(AlbumsGet.name, RecordID(id: album))
        if let entry { _ = try await link.callRefusing(DiaryGet.name, RecordID(id: entry)) }

        let staging = try StagingFile(in: dataDirectory + "/blobs/tmp", named: request.headers[.filename])
        defer { staging.remove() }
        guard try await staging.write(request.body, limit: maximumBytes, fileIO: fileIO, context: context) else {
            throw tooLarge
        }
        let photo: RawJSON
        do {
            photo = try await link.call(
                PhotosImport.name,
                params: RawJSON(encoding: PhotosImport.Params(albumId: album, path: staging.path)))
        } catch let error as RPCError
            where error.code == .invalidParams && WebResponse.reason(of: error) == "unknown-format"
        {
            throw WebResponse.refusal(.unsupportedMediaType, error.message)
        } catch {
            throw WebResponse.refusal(for: error)
        }
        if let entry {
            try await attach(photo, to: entry)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: photo.buffer))
    }

    private var tooLarge: HTTPError {
        WebResponse.refusal(
            .contentTooLarge, "The file is larger than the upload limit of \(maximumBytes) bytes (limits.uploadBytes).")
    }

    /// Adds the photo to the entry's photos, keeping those it has.
    private func attach(_ photo: RawJSON, to entry: String) async throws {
        guard case .string(let photoID)? = try photo.decode(JSONValue.self)["id"] else { return }
        let current = try await link.callRefusing(DiaryGet.name, RecordID(id: entry)).decode(EntryRecord.self)
        guard !current.photoIds.contains(photoID) else { return }
        _ = try await link.callRefusing(
            DiaryUpdate.name, DiaryUpdate.Params(id: entry, photoIds: current.photoIds + [photoID]))
    }
}

/// Counts the bytes of an upload as they arrive, and stops it past the limit.
final class ByteCounter: Sendable {
    struct OverLimit: Error {}
    private let limit: Int64
    private let count = Atomic<Int64>(0)

    init(limit: Int64) { self.limit = limit }

    /// Whether the bytes counted went past the limit.
    var exceeded: Bool { count.load(ordering: .relaxed) > limit }

    func add(_ bytes: Int) throws {
        let total = count.add(Int64(bytes), ordering: .relaxed).newValue
        if total > limit { throw OverLimit() }
    }
}
