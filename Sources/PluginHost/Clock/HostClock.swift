/// The clock a ``PluginHost`` was given, whatever its type, measured from when the host was made: every
/// timer of the host (back-off, handshake and hook deadlines) sleeps on it, and the lifecycle's crash window
/// and flood window read it. `ContinuousClock` in the core; a clock that a test advances by hand in tests.
struct HostClock: Clock {
    /// A time on the host's clock: how long after the host was made.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let minimumResolution: Duration
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (_ until: Duration, _ tolerance: Duration?) async throws -> Void

    init(_ clock: some Clock<Duration>) {
        let origin = clock.now
        minimumResolution = clock.minimumResolution
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { offset, tolerance in
            try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
        }
    }

    var now: Instant { Instant(offset: elapsed()) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleeper(deadline.offset, tolerance)
    }
}
