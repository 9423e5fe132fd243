#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Hummingbird
import JSONRPC
import MCPBridge
import ToolkitAPI

/// `POST /api/share {petId?, albumId?, from?, to?, html?}`: makes a share bundle as `export.create` makes one
/// (with the offline HTML gallery unless `html` is false) in a staging directory of the data directory, and sends
/// it back as the download `application/zstd` with `Content-Disposition: attachment` and the core's name for it.
/// The bundle's name is removed before a byte is sent, so nothing stays on disk whether or not the download
/// finishes; it is read from disk a chunk at a time. 400 for a body that is not such an object (or params the core
/// refuses), 404 for a pet or album that does not exist.
struct ShareRoute: Sendable {
    /// What to share: the params of `export.create` that a page may choose (where it goes is the web app's).
    struct Selection: Decodable, Sendable {
        var petId: String?
        var albumId: String?
        var from: String?
        var to: String?
        var html: Bool?
    }

    let link: RPCLink
    let dataDirectory: String

    func share(_ request: Request, context: WebRequestContext) async throws -> Response {
        let selection = try await Self.selection(of: request)
        let staging = try StagingFile(in: dataDirectory + "/blobs/tmp", named: nil, prefix: "web-share-")
        defer { staging.removeAll() }
        let params = ExportCreate.Params(
            path: staging.directory, petId: selection.petId, albumId: selection.albumId, from: selection.from,
            to: selection.to, html: selection.html ?? true)
        let made = try await link.callRefusing(ExportCreate.name, params).decode(ExportCreate.Result.self)
        guard made.path.hasPrefix(staging.directory + "/") else {
            throw WebResponse.refusal(.badGateway, "The diary wrote the bundle somewhere else: \(made.path).")
        }
        let file = try DownloadFile(takingOver: made.path)
        let name = String(made.path[made.path.index(after: made.path.lastIndex(of: "/")!)...])
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zstd", .cacheControl: "no-store",
                .contentDisposition: Self.attachment(named: name),
            ],
            body: file.body())
    }

    /// The body's selection: an empty body shares the whole diary.
    private static func selection(of request: Request) async throws -> Selection {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: 64 * 1024)
        } catch {
            throw WebResponse.refusal(.contentTooLarge, "The selection is at most 64 KiB of JSON.")
        }
        guard body.readableBytes > 0 else { return Selection() }
        do {
            return try RawJSON(buffer: body).decode(Selection.self)
        } catch {
            throw WebResponse.refusal(
                .badRequest, "Send the selection as a JSON object: {petId?, albumId?, from?, to?, html?}.")
        }
    }

    /// `attachment; filename="…"` with the name in ASCII (other characters as `_`), and `filename*` with the
    /// name itself, percent-encoded as RFC 8187 says.
    static func attachment(named name: String) -> String {
        let plain = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar.value != 0x7f
                    ? Character(scalar) : "_"
            })
        var encoded = ""
        for byte in name.utf8 {
            if byte.isASCIIAlphanumeric || "!#$&+-.^_`|~".utf8.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
