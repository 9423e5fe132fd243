#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Hummingbird
import NIOCore

/// A blob of the data directory answered as a browser expects media: streamed from disk in chunks (never whole in
/// memory; a small one is read at once and kept by ``SmallBlobs``), a strong ETag from its SHA-256, cached for good
/// (a blob never changes under its name), its sniffed type with `nosniff`, and byte ranges (one range or a suffix
/// as 206, 416 with `bytes */LEN` for one the file cannot satisfy, the whole file when `If-Range` names another
/// version or several ranges are asked).
struct MediaFile: Sendable {
    /// The blob's SHA-256: 64 lowercase hex digits, checked before it names a path.
    let sha256: String
    /// The sniffed type the core recorded.
    let mediaType: String

    /// The blob's path under `dataDirectory`, built from the hash alone; nil for anything that is not a hash.
    static func path(of sha256: String, in dataDirectory: String) -> String? {
        guard sha256.utf8.count == 64, sha256.utf8.allSatisfy(\.isLowercaseHexDigit) else { return nil }
        return dataDirectory + "/blobs/sha256/" + sha256.prefix(2) + "/" + sha256
    }

    func response(
        to request: Request, dataDirectory: String, fileIO: FileIO, smallBlobs: SmallBlobs, context: WebRequestContext
    ) async throws -> Response {
        guard let path = Self.path(of: sha256, in: dataDirectory) else {
            throw WebResponse.refusal(.notFound, "The diary names no file for this.")
        }
        let etag = "\"\(sha256)\""
        var headers: HTTPFields = [
            .contentType: mediaType, .eTag: etag, .acceptRanges: "bytes",
            .cacheControl: "private, max-age=31536000, immutable",
        ]
        let kept = request.headers[.range] == nil ? smallBlobs.bytes(sha256) : nil
        let length: Int
        if let kept {
            length = kept.readableBytes
        } else {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw WebResponse.refusal(.notFound, "This file is not in the data directory (\(sha256)).")
            }
            length = Int(info.st_size)
        }
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingSpaces == etag || $0.trimmingSpaces == "*" })
        {
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRange(header: request.headers[.range], length: length)
        if let ifRange = request.headers[.ifRange], ifRange.trimmingSpaces != etag { range = .whole }
        switch range {
        case .whole:
            headers[.contentLength] = String(length)
            if request.method == .head || length == 0 { return Response(status: .ok, headers: headers) }
            if let kept { return Response(status: .ok, headers: headers, body: .init(byteBuffer: kept)) }
            if length <= Self.readAtOnceBytes, let bytes = Self.readWhole(path, length: length) {
                smallBlobs.keep(bytes, as: sha256)
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
            }
            let body = try await fileIO.loadFile(path: path, context: context, chunkLength: Self.chunkBytes)
            return Response(status: .ok, headers: headers, body: body)
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(length)"
            headers[.contentLength] = String(part.count)
            if request.method == .head { return Response(status: .partialContent, headers: headers) }
            let body = try await fileIO.loadFile(
                path: path, range: part, context: context, chunkLength: Self.chunkBytes)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            return Response(
                status: .rangeNotSatisfiable,
                headers: [.contentRange: "bytes */\(length)", .eTag: etag, .acceptRanges: "bytes"])
        }
    }
}

extension MediaFile {
    /// Files up to this size (thumbnails, posters, short sounds) are read in one `read` on the event loop, as
    /// nginx reads them, instead of in chunks on the file thread pool: two thread hops and a task cost more
    /// than the read from the page cache (Benchmarks/web/run.sh, thumbnails).
    static let readAtOnceBytes = 256 * 1024

    /// A larger file is read and sent in chunks of this size: four times Hummingbird's default, fewer hops to the
    /// file thread pool per megabyte of a video (Benchmarks/web/run.sh, ranges), and still little memory for each
    /// connection.
    static let chunkBytes = 512 * 1024

    /// The whole file, when it is still a regular file of `length` bytes; nil otherwise (the caller streams it).
    static func readWhole(_ path: String, length: Int) -> ByteBuffer? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = ByteBufferAllocator().buffer(capacity: length)
        var total = 0
        while total < length {
            let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length - total) { space in
                let count = read(descriptor, space.baseAddress, length - total)
                return count > 0 ? count : 0
            }
            if count == 0 { break }
            total += count
        }
        return total == length ? buffer : nil
    }
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
