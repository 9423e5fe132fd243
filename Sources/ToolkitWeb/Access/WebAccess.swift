import HTTPTypes
import Hummingbird

/// What proves a request may use the diary: the token, the sessions it was traded for, and the count of
/// wrong guesses by address.
public struct WebAccess: Sendable {
    /// The session cookie's name.
    public static let cookieName = "toolkit_session"

    public let token: AccessToken
    public let sessions: Sessions
    public let failedTries: FailedTries

    public init(token: AccessToken, sessions: Sessions = Sessions(), failedTries: FailedTries = FailedTries()) {
        self.token = token
        self.sessions = sessions
        self.failedTries = failedTries
    }

    /// What a try with `candidate` from `address` comes to.
    public enum Verdict: Sendable, Equatable {
        case accepted
        case wrong
        /// Too many wrong tries from this address in the last minute: 429, whatever the token.
        case tooManyTries
    }

    /// Checks `candidate` against the token, counting a wrong one against `address`.
    public func check(_ candidate: String, from address: String) -> Verdict {
        guard !failedTries.isBlocked(address) else { return .tooManyTries }
        guard token.matches(candidate) else {
            failedTries.record(address)
            return .wrong
        }
        return .accepted
    }

    /// Whether `headers` carry a credential this app accepts (the bearer token, or an open session's cookie) from
    /// an address not past its failed-tries limit. It counts nothing: a request it refuses goes on to
    /// ``AuthenticationMiddleware``, which answers and counts as the rules say.
    func admits(_ headers: HTTPFields, from address: String) -> Bool {
        if let authorization = headers[.authorization] {
            guard let candidate = Self.bearerToken(in: authorization) else { return false }
            return !failedTries.isBlocked(address) && token.matches(candidate)
        }
        guard let session = Cookies(from: headers[values: .cookie])[Self.cookieName]?.value else { return false }
        return sessions.contains(session)
    }

    /// The token of an `Authorization: Bearer TOKEN` header (the scheme in any case); nil for another scheme or
    /// none.
    static func bearerToken(in authorization: String) -> Substring? {
        let scheme = authorization.utf8.prefix(7)
        guard scheme.count == 7,
            scheme.lazy.map({ (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }).elementsEqual("bearer ".utf8)
        else { return nil }
        return authorization.dropFirst(7)
    }
}
