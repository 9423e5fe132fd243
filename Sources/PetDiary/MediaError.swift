#if canImport(Glibc)
import Glibc
#endif

/// The one error type of the media layer: blob files, media inspection, thumbnails and remote fetch.
///
/// `code` says what kind of failure it was (match it with `catch MediaError.Code.notMedia`), `message`
/// is a sentence a person can act on, and the optional fields carry what a script needs: `reason` (a
/// short machine-readable word such as `"truncated"`), `path`, `limit`, and for fetches `status` and
/// `host`. The daemon maps `.notMedia`, `.tooLarge`, `.thumbnailUnsupported` and `.invalidArgument` to -32602
/// (invalid params), `.unreadable` to -32602 or -32003 (permission), and `.fetch` and `.io` to -32603.
public struct MediaError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case notMedia, unreadable, tooLarge, fetch, io, thumbnailUnsupported, invalidArgument
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The content is not a photo or video this toolkit understands, or its header is broken.
        public static let notMedia = Code(.notMedia)
        /// The path is missing, is not a regular file, or may not be read.
        public static let unreadable = Code(.unreadable)
        /// The content is larger than the limit (see ``MediaError/limit``).
        public static let tooLarge = Code(.tooLarge)
        /// Downloading from a URL failed: a bad scheme, an HTTP error status, a timeout, too many redirects.
        public static let fetch = Code(.fetch)
        /// Reading, writing, syncing or renaming a file failed.
        public static let io = Code(.io)
        /// Thumbnails cannot be made for this media type (videos, HEIC) on this system.
        public static let thumbnailUnsupported = Code(.thumbnailUnsupported)
        /// The caller passed something unusable: a blob name that is not a SHA-256, a URL that is not http(s).
        public static let invalidArgument = Code(.invalidArgument)

        /// Lets callers write `catch MediaError.Code.notMedia`, or match a code against any error.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? MediaError)?.code == code
        }

        /// The code's name, for logs.
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence saying what went wrong and, where possible, what would be right.
    public var message: String
    /// A short machine-readable reason, for example `"truncated"`, `"not-regular-file"`, `"http-404"`.
    public var reason: String?
    /// The file the error is about, if any.
    public var path: String?
    /// The limit that was exceeded, in bytes, for `.tooLarge`.
    public var limit: Int64?
    /// The HTTP status code, for `.fetch` failures that got a response.
    public var status: Int?
    /// The host of the URL, for `.fetch`.
    public var host: String?
    /// The error that caused this one, if any.
    public var underlying: (any Error & Sendable)?
    /// Where the error was made (`#fileID`).
    public var file: String
    /// Where the error was made.
    public var line: Int

    /// Makes an error.
    /// - Parameters:
    ///   - code: What kind of failure it is.
    ///   - message: A sentence a person can act on.
    ///   - reason: A short machine-readable reason.
    ///   - path: The file the error is about.
    ///   - limit: The exceeded limit in bytes.
    ///   - status: The HTTP status code.
    ///   - host: The URL's host.
    ///   - underlying: The cause.
    public init(
        _ code: Code,
        _ message: String,
        reason: String? = nil,
        path: String? = nil,
        limit: Int64? = nil,
        status: Int? = nil,
        host: String? = nil,
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
        self.underlying = underlying
        self.file = file
        self.line = line
    }

    /// The message, followed by the cause when there is one.
    public var description: String {
        if let underlying { return "\(message) (\(underlying))" }
        return message
    }
}

extension MediaError {
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
