/// A request the backups, exports and imports refuse before they read or write anything: a relative path, a
/// file that is not there, a directory the core may not write into, a value out of range.
///
/// The core maps each code to its JSON-RPC error (invalid → -32602 with `field`, not found → -32001 with
/// `kind` and `id`, permission denied → -32003 with `path`); nothing in this module knows JSON-RPC's errors.
package struct SharingError: Error, Sendable, CustomStringConvertible {
    package enum Code: Hashable, Sendable {
        /// A parameter fails validation; ``SharingError/field`` names it.
        case invalid
        /// The file a request names does not exist; ``SharingError/kind`` and ``SharingError/id`` say which.
        case notFound
        /// The core may not write where the request points; ``SharingError/path`` names the directory.
        case permissionDenied
    }

    package var code: Code
    /// A sentence a person can act on.
    package var message: String
    /// For `.invalid`: the parameter.
    package var field: String?
    /// For `.notFound`: what kind of thing (`archive`) and its id (the path given).
    package var kind: String?
    package var id: String?
    /// For `.permissionDenied`: the directory.
    package var path: String?

    package init(
        _ code: Code, _ message: String, field: String? = nil, kind: String? = nil, id: String? = nil,
        path: String? = nil
    ) {
        self.code = code
        self.message = message
        self.field = field
        self.kind = kind
        self.id = id
        self.path = path
    }

    package var description: String { message }

    /// `field` is wrong; `message` says what would be right.
    static func invalid(_ message: String, field: String) -> SharingError {
        SharingError(.invalid, message, field: field)
    }
}
