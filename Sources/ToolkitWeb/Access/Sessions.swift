import NIOConcurrencyHelpers

/// The browser sessions the token was traded for: random ids in memory only, so a restart (`--new-token`
/// among them) ends them all.
public final class Sessions: Sendable {
    private let ids = NIOLockedValueBox<Set<String>>([])

    public init() {}

    /// A new session's id: 256 random bits in hex.
    public func open() -> String {
        let id = randomHex(bytes: 32)
        ids.withLockedValue { _ = $0.insert(id) }
        return id
    }

    /// Whether `id` names an open session; compared in constant time with each.
    public func contains(_ id: String) -> Bool {
        ids.withLockedValue { ids in
            var found = false
            for known in ids where ConstantTime.equal(known.utf8, id.utf8) { found = true }
            return found
        }
    }
}
