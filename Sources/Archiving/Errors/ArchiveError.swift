/// The one error type of the `Archiving` module.
///
/// Every refusal names what was wrong and, where it is about one member of an archive, which member
/// (`entry`) and why (`reason`, a short machine-readable word such as `"path-traversal"`). The daemon is to
/// map it to JSON-RPC -32007 with `data.entry` and `data.reason` (DESIGN's table) once it serves archive
/// methods; today only the `toolkit bundle` commands use it, and print its message.
///
/// Match on the code with `catch ArchiveError.Code.unsafeEntry { … }`.
public struct ArchiveError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public var code: Code
    /// A sentence a person can act on.
    public var message: String
    /// The archive member the error is about, as written in the archive, if any.
    public var entry: String?
    /// A short machine-readable reason, for example `"symlink"` or `"bad-checksum"`.
    public var reason: String?
    /// The error that caused this one, if any.
    public var underlying: (any Error & Sendable)?
    /// Where the error was raised, for logs.
    public var location: SourceLocation

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of failure this is.
    ///   - message: A sentence a person can act on.
    ///   - entry: The member the error is about.
    ///   - reason: A short machine-readable reason.
    ///   - underlying: The cause.
    public init(
        _ code: Code,
        _ message: String,
        entry: String? = nil,
        reason: String? = nil,
        underlying: (any Error & Sendable)? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.entry = entry
        self.reason = reason
        self.underlying = underlying
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// The message, followed by the cause when there is one.
    public var description: String {
        var text = message
        if let underlying { text += " (\(underlying))" }
        return text
    }

    /// Where an error was raised.
    public struct SourceLocation: Sendable, Hashable {
        /// The `#fileID` of the raising code.
        public var fileID: String
        /// The line of the raising code.
        public var line: Int
    }
}
