#if canImport(Glibc)
import Glibc
#endif

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
    /// Set when the clock is `ContinuousClock`: the boot-time clock that it reads on Linux, read when the host
    /// was made. ``now`` then reads that clock itself, cheaper than `elapsed` and the standard library's
    /// `ContinuousClock.now`, twice in every forwarded call (measured by `Benchmarks/rpc/callgrind.sh`).
    /// The two readings at the start lie nanoseconds apart; offsets stay consistent as both clocks advance alike.
    private let bootTimeOrigin: Duration?
    private let sleeper: @Sendable (_ until: Duration, _ tolerance: Duration?) async throws -> Void

    init(_ clock: some Clock<Duration>) {
        let origin = clock.now
        minimumResolution = clock.minimumResolution
        elapsed = { origin.duration(to: clock.now) }
        bootTimeOrigin = clock is ContinuousClock ? Self.bootTime() : nil
        sleeper = { offset, tolerance in
            try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
        }
    }

    var now: Instant {
        if let bootTimeOrigin { return Instant(offset: Self.bootTime() - bootTimeOrigin) }
        return Instant(offset: elapsed())
    }

    /// Time since boot, suspended time included: the clock `ContinuousClock` reads on Linux.
    private static func bootTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Duration(secondsComponent: Int64(time.tv_sec), attosecondsComponent: Int64(time.tv_nsec) * 1_000_000_000)
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleeper(deadline.offset, tolerance)
    }
}
