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
}
