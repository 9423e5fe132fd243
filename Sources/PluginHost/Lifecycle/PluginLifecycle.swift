/// The life of one plugin as a value: which state it is in, and what the host must do after each event.
///
/// `starting → handshaking → ready`; a crash (exit, garbage, flood, hang, a failed handshake) goes to
/// `backingOff` with a delay that doubles from 0.25 s up to 30 s, and the fifth crash within 60 s to
/// `failed`; `stop` goes to `stopped`, `init` answering `{"disable": …}` to `disabled`, a refusal (name
/// clash, bad manifest or options) to `failed` at once. `start` leaves `failed`, `stopped` and `disabled`
/// with its recent crashes forgotten. No I/O: the host performs the returned ``Action``.
public struct PluginLifecycle: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        case starting
        case handshaking
        case ready
        case backingOff
        case failed
        case stopped
        case disabled

        /// The name `plugins.list` shows.
        public var name: String {
            switch self {
            case .starting: "starting"
            case .handshaking: "handshaking"
            case .ready: "ready"
            case .backingOff: "backing off"
            case .failed: "failed"
            case .stopped: "stopped"
            case .disabled: "disabled"
            }
        }
    }

    public enum Action: Sendable, Hashable {
        /// Nothing to do.
        case none
        /// Start the process.
        case launch
        /// Send `getmanifest`, then `init`.
        case handshake
        /// Register the methods and subscriptions: the plugin serves.
        case serve
        /// Shut the process down (gracefully), and unregister what it registered.
        case shutDown
        /// Kill what is left of the process and start again after the delay.
        case restart(after: Duration)
        /// Kill what is left of the process; it stays down.
        case giveUp
    }

    /// Crashes within this window count towards ``maximumCrashes``.
    public static let crashWindow: Duration = .seconds(60)
    public static let maximumCrashes = 5
    static let firstDelay: Duration = .milliseconds(250)
    static let longestDelay: Duration = .seconds(30)

    public private(set) var state: State = .starting
    /// Why it is failed, disabled or backing off; nil otherwise.
    public private(set) var reason: String?
    /// Restarts after crashes since the core started (a start by hand counts none).
    public private(set) var restarts = 0
    private var crashes: [ContinuousClock.Instant] = []
    /// Whether it was ever asked to start: a new plugin is `starting` before its first launch.
    private var wasStarted = false

    public init() {}

    /// The process is running.
    public mutating func launched() -> Action {
        guard state == .starting else { return .none }
        state = .handshaking
        return .handshake
    }

    /// `getmanifest` and `init` went through and the plugin's methods may be registered.
    public mutating func handshakeSucceeded() -> Action {
        guard state == .handshaking else { return .none }
        state = .ready
        reason = nil
        return .serve
    }

    /// `init` answered `{"disable": reason}`.
    public mutating func disabled(_ why: String) -> Action {
        guard state == .handshaking else { return .none }
        state = .disabled
        reason = why
        return .shutDown
    }

    /// The plugin cannot be run as it is (a method name clash, a bad manifest or options): no restart.
    public mutating func refused(_ why: String) -> Action {
        guard [.starting, .handshaking, .ready].contains(state) else { return .none }
        state = .failed
        reason = why
        return .giveUp
    }

    /// The process could not start, ended, failed its handshake or misbehaved, at `now`.
    public mutating func crashed(_ why: String, at now: ContinuousClock.Instant) -> Action {
        guard [.starting, .handshaking, .ready].contains(state) else { return .none }
        crashes = crashes.filter { now - $0 < Self.crashWindow } + [now]
        if crashes.count >= Self.maximumCrashes {
            state = .failed
            reason = "\(why) (\(crashes.count) crashes within \(Self.crashWindow.components.seconds) s; not restarted)"
            return .giveUp
        }
        state = .backingOff
        reason = why
        restarts += 1
        return .restart(after: Self.delay(afterCrash: crashes.count))
    }

    /// The backoff delay has passed.
    public mutating func backoffElapsed() -> Action {
        guard state == .backingOff else { return .none }
        state = .starting
        return .launch
    }

    /// `plugins.stop` or the core shutting down.
    public mutating func stopRequested() -> Action {
        switch state {
        case .starting, .handshaking, .ready:
            state = .stopped
            reason = nil
            return .shutDown
        case .backingOff:
            state = .stopped
            reason = nil
            return .none
        case .failed, .stopped, .disabled:
            return .none
        }
    }

    /// The first start, `plugins.start`, or `restart` once stopped: from a new plugin, `failed`, `stopped`,
    /// `disabled` or `backingOff`, start afresh.
    public mutating func startRequested() -> Action {
        defer { wasStarted = true }
        guard [.failed, .stopped, .disabled, .backingOff].contains(state) || (state == .starting && !wasStarted)
        else { return .none }
        state = .starting
        reason = nil
        crashes = []
        return .launch
    }

    /// The delay before the restart that follows the `count`th recent crash: 0.25 s, 0.5 s, 1 s, … 30 s.
    static func delay(afterCrash count: Int) -> Duration {
        let doubled = firstDelay * (1 << min(max(count - 1, 0), 16))
        return min(doubled, longestDelay)
    }
}
