import NIOCore

/// How long a call waits for its answer, converted once for the event loop's timers: a caller that makes many
/// calls with one timeout (the core forwarding a method to a plugin) keeps one of these instead of converting
/// a `Duration` per call (what that costs: `Benchmarks/rpc/callgrind.sh`).
public struct RPCCallTimeout: Sendable {
    let amount: TimeAmount

    /// `duration` as the event loop counts it: whole nanoseconds, clamped to what 64 bits hold (NIO's
    /// conversion works in integers; dividing durations goes through `Double`).
    public init(_ duration: Duration) {
        amount = TimeAmount(duration)
    }
}
