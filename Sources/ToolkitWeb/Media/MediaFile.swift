import HTTPTypes
import Hummingbird
import NIOCore

/// A blob of the data directory named by the core for a media route: its SHA-256 and the type the core sniffed.
/// ``MediaAnswer`` decides what a request for it gets; ``response(to:dataDirectory:fileIO:smallBlobs:context:)``
/// is that answer as the router sends it, a file's bytes streamed from disk in chunks (never whole in memory).
struct MediaFile: Sendable {
    /// The blob's SHA-256: 64 lowercase hex digits, checked before it names a path.
    let sha256: String
    /// The sniffed type the core recorded.
    let mediaType: String
    /// Its strong ETag: the hash, quoted.
    let etag: String
    /// The headers every answer with its bytes carries, made once: the type, the ETag, ranges accepted, and cached
    /// for good (a blob never changes under its name).
    let headers: HTTPFields

    init(sha256: String, mediaType: String) {
        self.sha256 = sha256
        self.mediaType = mediaType
        etag = "\"\(sha256)\""
        headers = [
            .contentType: mediaType, .eTag: etag, .acceptRanges: "bytes",
            .cacheControl: "private, max-age=31536000, immutable",
        ]
    }

    /// The blob's path under `dataDirectory`, built from the hash alone; nil for anything that is not a hash.
    static func path(of sha256: String, in dataDirectory: String) -> String? {
        guard sha256.utf8.count == 64, sha256.utf8.allSatisfy(\.isLowercaseHexDigit) else { return nil }
        return dataDirectory + "/blobs/sha256/" + sha256.prefix(2) + "/" + sha256
    }

    func response(
        to request: Request, dataDirectory: String, fileIO: FileIO, smallBlobs: SmallBlobs, context: WebRequestContext
    ) async throws -> Response {
        let answer = try MediaAnswer(
            for: self, method: request.method, requestHeaders: request.headers, dataDirectory: dataDirectory,
            smallBlobs: smallBlobs)
        switch answer.body {
        case .none:
            return Response(status: answer.status, headers: answer.headers)
        case .bytes(let bytes):
            return Response(status: answer.status, headers: answer.headers, body: .init(byteBuffer: bytes))
        case .file(let path, let range):
            let body = try await fileIO.loadFile(
                path: path, range: range, context: context, chunkLength: Self.chunkBytes)
            return Response(status: answer.status, headers: answer.headers, body: body)
        }
    }

    /// A larger file is read and sent in chunks of this size: four times Hummingbird's default, fewer hops to the
    /// file thread pool per megabyte of a video (Benchmarks/web/run.sh, ranges), and still little memory for each
    /// connection.
    static let chunkBytes = 512 * 1024
}

extension Substring {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

extension String {
    var trimmingSpaces: Substring { self[...].trimmingSpaces }
}
