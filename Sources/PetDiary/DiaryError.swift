/// What went wrong in the pet diary: an unknown id, a conflict, or a value that fails validation.
///
/// The core maps each code to its JSON-RPC error (not found → -32001, conflict → -32002, invalid →
/// -32602 with `field`, `reason`, `limit` and `length`, rejected → -32602 with `reason: "rejected"` and
/// `hook`); nothing in this module knows JSON-RPC.
package struct DiaryError: Error, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String { case notFound, conflict, invalid, rejected, storage }
        private let value: Value
        /// A pet, album, photo or entry with that id does not exist.
        package static let notFound = Code(value: .notFound)
        /// The change clashes with what is stored: a duplicate, a non-empty parent, a wrong confirmation.
        package static let conflict = Code(value: .conflict)
        /// A parameter fails validation; ``DiaryError/field`` names it.
        package static let invalid = Code(value: .invalid)
        /// A hook (``DiaryHooks``) refused the change; ``DiaryError/hook`` names the hook point and the
        /// message is the hook's own. Nothing was stored.
        package static let rejected = Code(value: .rejected)
        /// The database failed underneath (disk full, corruption). Logged with detail.
        package static let storage = Code(value: .storage)
        package var description: String { value.rawValue }

        package static func ~= (code: Code, error: any Error) -> Bool {
            (error as? DiaryError)?.code == code
        }
    }

    package var code: Code
    /// A sentence a person can act on.
    package var message: String
    /// For `.notFound`: what kind of record (`pet`, `album`, `photo`, `entry`) and its id.
    package var kind: String?
    package var id: String?
    /// For `.invalid`: the parameter, and for length limits the limit and the length found.
    package var field: String?
    package var limit: Int?
    package var length: Int?
    /// For `.invalid`: why the value fails, for scripts (the store's validation gives its sentence); nil
    /// when the message and `field` say it all.
    package var reason: String?
    /// For `.rejected`: the hook point that refused, e.g. `photo.beforeImport`.
    package var hook: String?
    package var underlying: (any Error)?
    package var location: String

    package init(
        _ code: Code, _ message: String, kind: String? = nil, id: String? = nil, field: String? = nil,
        limit: Int? = nil, length: Int? = nil, reason: String? = nil, hook: String? = nil,
        underlying: (any Error)? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.kind = kind
        self.id = id
        self.field = field
        self.limit = limit
        self.length = length
        self.reason = reason
        self.hook = hook
        self.underlying = underlying
        self.location = "\(file):\(line)"
    }

    package var description: String {
        underlying.map { "\(message) (\($0))" } ?? message
    }

    /// A record of `kind` with `id` does not exist.
    static func notFound(_ kind: String, _ id: String) -> DiaryError {
        DiaryError(.notFound, "No \(kind) has the id '\(id)'.", kind: kind, id: id)
    }

    /// `field` is wrong; `reason` says what would be right (it is the message and the reason both).
    static func invalid(_ field: String, _ reason: String, limit: Int? = nil, length: Int? = nil) -> DiaryError {
        DiaryError(.invalid, reason, field: field, limit: limit, length: length, reason: reason)
    }

    /// The hook at `point` refused the change with `message` (a default sentence when it gave none).
    static func rejected(by point: HookPoint, _ message: String) -> DiaryError {
        let text = message.isEmpty ? "The \(point.rawValue) hook rejected the change; nothing was stored." : message
        return DiaryError(.rejected, text, hook: point.rawValue)
    }
}
