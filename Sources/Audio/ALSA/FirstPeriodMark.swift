/// When a playback's first period was written to the device: noted once, and passed to the caller as it
/// happens (the shutter answers then).
struct FirstPeriodMark {
    let reached: (@Sendable (ContinuousClock.Instant) -> Void)?
    private(set) var instant: ContinuousClock.Instant?

    init(_ reached: (@Sendable (ContinuousClock.Instant) -> Void)?) {
        self.reached = reached
    }

    /// Call after each write; only the first one counts.
    mutating func written() {
        guard instant == nil else { return }
        let now = ContinuousClock.now
        instant = now
        reached?(now)
    }
}
