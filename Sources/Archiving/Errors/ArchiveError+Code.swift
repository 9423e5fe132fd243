extension ArchiveError {
    /// The kind of an ``ArchiveError``. New codes can be added without breaking callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case io, corruptCompression, truncated, badHeader, unsafeEntry, unsupportedEntry
            case limitExceeded, verificationFailed, manifest, invalidArgument, cancelled
        }

        private let value: Value

        /// A file could not be opened, read, written, synced or renamed.
        public static let io = Code(value: .io)
        /// The zstd stream is corrupt: a bad frame, a wrong checksum or bytes after the last frame.
        public static let corruptCompression = Code(value: .corruptCompression)
        /// The zstd stream or the tar inside it ends early.
        public static let truncated = Code(value: .truncated)
        /// A tar header is malformed: wrong checksum, a non-numeric, negative or absurd field.
        public static let badHeader = Code(value: .badHeader)
        /// A member would land outside the target, or is a link, a device or a FIFO.
        public static let unsafeEntry = Code(value: .unsafeEntry)
        /// A member uses a tar feature this reader does not support (sparse or multi-volume files).
        public static let unsupportedEntry = Code(value: .unsupportedEntry)
        /// A limit the caller set (members, bytes, ratio) was exceeded.
        public static let limitExceeded = Code(value: .limitExceeded)
        /// The archive does not match its manifest.
        public static let verificationFailed = Code(value: .verificationFailed)
        /// The manifest is missing fields or is not valid JSON.
        public static let manifest = Code(value: .manifest)
        /// The caller passed something unusable, such as a member name that cannot be stored.
        public static let invalidArgument = Code(value: .invalidArgument)
        /// The operation was cancelled.
        public static let cancelled = Code(value: .cancelled)

        /// Lets callers write `catch ArchiveError.Code.truncated`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? ArchiveError)?.code == code
        }

        /// The code's name, for logs.
        public var description: String { value.rawValue }
    }
}
