/// Where `toolkit-web` listens: `HOST:PORT` as `--listen` gives it (`127.0.0.1:8737`, `[::1]:0`,
/// `192.168.1.20:8737`); port 0 asks the system for a free one.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host, without brackets for IPv6.
    public var host: String
    public var port: Int

    /// The default: loopback only, port 8737.
    public static let loopbackDefault = ListenAddress(host: "127.0.0.1", port: 8737)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT` (`[V6]:PORT` for IPv6); nil when it is not one.
    public init?(parsing text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let number = Int(port), (0...65535).contains(number),
            host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" })
        else { return nil }
        self.init(host: String(host), port: number)
    }

    /// Whether only this machine can reach it: `127.0.0.0/8`, `::1` or `localhost`.
    public var isLoopback: Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Whether it listens on every address of this machine (`0.0.0.0`, `[::]`).
    public var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// The host as a URL or a `Host` header writes it: IPv6 in brackets.
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    /// `HOST:PORT` as a `Host` header carries it.
    public var description: String { "\(urlHost):\(port)" }
}
