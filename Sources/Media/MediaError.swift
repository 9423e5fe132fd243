#if canImport(Glibc)
import Glibc
#endif

/// The one error type of the media layer: blob files, media inspection, thumbnails and remote fetch.
///
/// `code` says what kind of failure it was (match it with `catch MediaError.Code.notMedia`), `message`
/// is a sentence a person can act on, and the optional fields carry what a script needs: `reason` (a
/// short machine-readable word such as `"truncated"`), `path`, `limit`, and for fetches `status` and
/// `host`, and `field`, the parameter that carried the input. The daemon maps `.io` to -32603 and every other
/// code to -32602 (invalid params) naming `field`.
package struct MediaError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added without breaking callers.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case notMedia, unreadable, tooLarge, fetch, io, thumbnailUnsupported, invalidArgument
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The content is not a photo or video this toolkit understands, or its header is broken.
        package static let notMedia = Code(.notMedia)
        /// The path is missing, is not a regular file, or may not be read.
        package static let unreadable = Code(.unreadable)
        /// The content is larger than the limit (see ``MediaError/limit``).
        package static let tooLarge = Code(.tooLarge)
        /// Downloading from a URL failed: a bad scheme, an HTTP error status, a timeout, too many redirects.
        package static let fetch = Code(.fetch)
        /// Reading, writing, syncing or renaming a file failed.
        package static let io = Code(.io)
        /// Thumbnails cannot be made for this media type (videos, HEIC) on this system.
        package static let thumbnailUnsupported = Code(.thumbnailUnsupported)
        /// The caller passed something unusable: a blob name that is not a SHA-256, a URL that is not http(s).
        package static let invalidArgument = Code(.invalidArgument)

        /// Lets callers write `catch MediaError.Code.notMedia`, or match a code against any error.
        package static func ~= (code: Code, error: any Error) -> Bool {
            (error as? MediaError)?.code == code
        }

        /// The code's name, for logs.
        package var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    package var code: Code
    /// A sentence saying what went wrong and, where possible, what would be right.
    package var message: String
    /// A short machine-readable reason, for example `"truncated"`, `"not-regular-file"`, `"http-404"`.
    package var reason: String?
    /// The file the error is about, if any.
    package var path: String?
    /// The limit that was exceeded, in bytes, for `.tooLarge`.
    package var limit: Int64?
    /// The HTTP status code, for `.fetch` failures that got a response.
    package var status: Int?
    /// The host of the URL, for `.fetch`.
    package var host: String?
    /// The parameter that carried the bad input (`path`, `data`, `url`, `id`), set by the use case that
    /// knows which one it read.
    package var field: String?
    /// The error that caused this one, if any.
    package var underlying: (any Error & Sendable)?
    /// Where the error was made (`#fileID`).
    package var file: String
    /// Where the error was made.
    package var line: Int

    /// Makes an error.
    /// - Parameters:
    ///   - code: What kind of failure it is.
    ///   - message: A sentence a person can act on.
    ///   - reason: A short machine-readable reason.
    ///   - path: The file the error is about.
    ///   - limit: The exceeded limit in bytes.
    ///   - status: The HTTP status code.
    ///   - host: The URL's host.
    ///   - field: The parameter that carried the input.
    ///   - underlying: The cause.
    package init(
        _ code: Code,
        _ message: String,
        reason: String? = nil,
        path: String? = nil,
        limit: Int64? = nil,
        status: Int? = nil,
        host: String? = nil,
        field: String? = nil,
        underlying: (any Error & Sendable)? = nil,
        file: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.reason = reason
        self.path = path
        self.limit = limit
        self.status = status
        self.host = host
        self.field = field
        self.underlying = underlying
        self.file = file
        self.line = line
    }

    /// The message, followed by the cause when there is one.
    package var description: String {
        if let underlying { return "\(message) (\(underlying))" }
        return message
    }
}

extension MediaError {
    /// This error, naming `field` as the parameter that carried the bad input.
    package func naming(_ field: String?) -> MediaError {
        var error = self
        error.field = field
        return error
    }

    /// Runs `body`, naming `field` in any ``MediaError`` it throws.
    package static func naming<T>(_ field: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as MediaError {
            throw error.naming(field)
        }
    }

    /// An `.io` error (or `.unreadable` for a missing or forbidden path) whose message ends with the
    /// system's text for `errno`.
    static func system(
        _ what: String, path: String, errno number: Int32, file: String = #fileID, line: Int = #line
    ) -> MediaError {
        let text = String(cString: strerror(number))
        let code: Code = [ENOENT, ENOTDIR, EACCES, EPERM, ELOOP].contains(number) ? .unreadable : .io
        return MediaError(
            code, "\(what) \(path): \(text)", reason: "errno-\(number)", path: path, file: file, line: line)
    }

    /// A `.notMedia` error: the content could not be understood, with a short `reason`.
    static func notMedia(_ message: String, reason: String, file: String = #fileID, line: Int = #line) -> MediaError {
        MediaError(.notMedia, message, reason: reason, file: file, line: line)
    }
}
