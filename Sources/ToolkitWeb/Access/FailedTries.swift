import NIOConcurrencyHelpers

/// Failed token tries by remote address over the last minute: past the limit, an address is refused (429)
/// until its oldest try is a minute old, whether its next try is right or wrong.
public final class FailedTries: Sendable {
    private let limit: Int
    private let window: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let tries = NIOLockedValueBox<[String: [ContinuousClock.Instant]]>([:])

    /// - Parameters:
    ///   - limit: failed tries allowed in `window`.
    ///   - now: the clock's reading; tests give their own.
    public init(
        limit: Int = 10, window: Duration = .seconds(60),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.limit = limit
        self.window = window
        self.now = now
    }

    /// Whether `address` has used up its tries.
    public func isBlocked(_ address: String) -> Bool {
        let now = now()
        return tries.withLockedValue { tries in
            let recent = (tries[address] ?? []).filter { now - $0 < window }
            tries[address] = recent.isEmpty ? nil : recent
            return recent.count >= limit
        }
    }

    /// Counts a failed try by `address`.
    public func record(_ address: String) {
        let now = now()
        tries.withLockedValue { tries in
            var recent = (tries[address] ?? []).filter { now - $0 < window }
            recent.append(now)
            tries[address] = recent
        }
    }
}
