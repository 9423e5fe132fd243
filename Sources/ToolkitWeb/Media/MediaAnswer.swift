#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import Hummingbird
import NIOCore

/// What `/media` answers for a blob of the data directory, decided without waiting: the status, the headers and
/// where the body's bytes are. Both ways a request is answered use it: the router's (``MediaFile``'s response, the
/// body streamed by Hummingbird) and ``MediaFastPath``'s (the body written on the connection, a file handed to the
/// kernel), so they cannot answer differently.
///
/// The rules: a strong ETag from the SHA-256, cached for good (a blob never changes under its name), the sniffed
/// type (with `nosniff`, added by the security headers), `If-None-Match` answered 304, one range or a suffix as
/// 206, 416 with `bytes */LEN` for one the file cannot satisfy, and the whole file when `If-Range` names another
/// version or several ranges are asked.
struct MediaAnswer: Sendable {
    enum Body: Sendable {
        case none
        /// The whole body in memory: a small blob (kept by ``SmallBlobs``, or read now in one `read`).
        case bytes(ByteBuffer)
        /// `range` of the file at `path`, read when it is sent.
        case file(path: String, range: ClosedRange<Int>)
    }

    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: Body

    /// The answer to `method` with `requestHeaders` for `file`.
    /// - Throws: a 404 refusal when the blob is not a regular file of the data directory.
    init(
        for file: MediaFile, method: HTTPRequest.Method, requestHeaders: HTTPFields, dataDirectory: String,
        smallBlobs: SmallBlobs
    ) throws {
        guard let path = MediaFile.path(of: file.sha256, in: dataDirectory) else {
            throw WebResponse.refusal(.notFound, "The diary names no file for this.")
        }
        let etag = file.etag
        var headers = file.headers
        let kept = requestHeaders[.range] == nil ? smallBlobs.bytes(file.sha256) : nil
        let length: Int
        if let kept {
            length = kept.readableBytes
        } else {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw WebResponse.refusal(.notFound, "This file is not in the data directory (\(file.sha256)).")
            }
            length = Int(info.st_size)
        }
        if let match = requestHeaders[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingSpaces == etag || $0.trimmingSpaces == "*" })
        {
            self.init(status: .notModified, headers: headers, body: .none)
            return
        }
        var range = ByteRange(header: requestHeaders[.range], length: length)
        if let ifRange = requestHeaders[.ifRange], ifRange.trimmingSpaces != etag { range = .whole }
        switch range {
        case .whole:
            headers[.contentLength] = String(length)
            if method == .head || length == 0 {
                self.init(status: .ok, headers: headers, body: .none)
            } else if let kept {
                self.init(status: .ok, headers: headers, body: .bytes(kept))
            } else if length <= Self.readAtOnceBytes, let bytes = Self.readWhole(path, length: length) {
                smallBlobs.keep(bytes, as: file.sha256)
                self.init(status: .ok, headers: headers, body: .bytes(bytes))
            } else {
                self.init(status: .ok, headers: headers, body: .file(path: path, range: 0...(length - 1)))
            }
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(length)"
            headers[.contentLength] = String(part.count)
            self.init(
                status: .partialContent, headers: headers,
                body: method == .head ? .none : .file(path: path, range: part))
        case .unsatisfiable:
            self.init(
                status: .rangeNotSatisfiable,
                headers: [.contentRange: "bytes */\(length)", .eTag: etag, .acceptRanges: "bytes"], body: .none)
        }
    }

    private init(status: HTTPResponse.Status, headers: HTTPFields, body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Files up to this size (thumbnails, posters, short sounds) are read in one `read` on the event loop, as
    /// nginx reads them, instead of in chunks on the file thread pool: two thread hops and a task cost more
    /// than the read from the page cache (Benchmarks/web/run.sh, thumbnails).
    static let readAtOnceBytes = 256 * 1024

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
