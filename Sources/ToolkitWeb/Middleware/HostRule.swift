import Synchronization

/// Which `Host` headers the app answers (DNS rebinding: a page of another site whose name now points here
/// sends its own name): the listen address, `localhost` at the listen port, and the config's `web.hosts`
/// names (with any port or none). The port is the bound one, known once the server listens. Listening on every
/// address (`0.0.0.0`, `[::]`), any IP address at that port is answered too: the phone types the machine's
/// address, and an address is no name that another site could point here.
public final class HostRule: Sendable {
    private let listenHost: String
    private let wildcard: Bool
    private let names: [String]
    private let port: Atomic<Int>

    /// - Parameters:
    ///   - listen: the listen address; its port may be 0 until ``bound(port:)`` says which it got.
    ///   - names: further names a user reaches the app by (`web.hosts`).
    public init(listen: ListenAddress, names: [String]) {
        listenHost = listen.urlHost.lowercased()
        wildcard = listen.isWildcard
        self.names = names.map { $0.lowercased() }
        port = Atomic(listen.port)
    }

    /// Records the port the server got.
    public func bound(port: Int) { self.port.store(port, ordering: .relaxed) }

    /// The port the server listens on.
    public var boundPort: Int { port.load(ordering: .relaxed) }

    /// Whether a request whose `Host` header is `authority` is for this app.
    public func allows(_ authority: String?) -> Bool {
        guard let authority = authority?.lowercased(), !authority.isEmpty else { return false }
        let port = boundPort
        if authority == "\(listenHost):\(port)" || authority == "localhost:\(port)" { return true }
        let name = Self.hostPart(of: authority)
        if wildcard && authority == "\(name):\(port)" && Self.isAddress(name) { return true }
        return names.contains(name)
    }

    /// Whether `host` is an IP address (`192.168.1.20`, `[fe80::1]`), not a name.
    private static func isAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") && host.hasSuffix("]") {
            return host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `authority` without its port: `[::1]:80` → `[::1]`, `pets.lan:8737` → `pets.lan`.
    private static func hostPart(of authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        guard let colon = authority.lastIndex(of: ":"),
            authority[authority.index(after: colon)...].allSatisfy(\.isNumber)
        else { return authority }
        return String(authority[..<colon])
    }
}
