/// The life of one plugin as a value: which state it is in, and what the host must do after each event.
///
/// `starting → handshaking → ready`; a crash (exit, garbage, flood, hang, a failed handshake) goes to
/// `backingOff` with a delay that doubles from 0.25 s up to 30 s, and the fifth crash within 60 s to
/// `failed`; `stop` goes to `stopped`, `init` answering `{"disable": …}` to `disabled`, a refusal (name
/// clash, bad manifest or options) to `failed` at once. `start` leaves `failed`, `stopped` and `disabled`
/// with its recent crashes forgotten. No I/O and no clock: the host passes the time of each event (the time
/// on its clock since it started) and performs the returned ``Action``.
///
/// It also keeps what decides whether the running process misbehaves (``misbehaved(_:generation:)``): which
/// launch is current (news about an earlier process is ignored), why the current process is being killed,
/// the forwarded calls that timed out in a row, and the notifications of the last second.
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
        /// Start the process (launch number ``PluginLifecycle/generation``).
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
        /// Kill the running process (SIGKILL to its group) for misbehaving; its end is reported as a crash
        /// with ``PluginLifecycle/faultReason``.
        case kill
        /// Drop what the running process sent (a notification beyond the flood limit).
        case drop
    }

    /// Crashes within this window count towards ``maximumCrashes``.
    public static let crashWindow: Duration = .seconds(60)
    public static let maximumCrashes = 5
    /// More notifications than this within a second is a flood: the plugin is restarted.
    public static let maximumNotificationsPerSecond = 1000
    /// This many forwarded calls in a row that time out is a hang: the plugin is restarted.
    public static let timeoutsMeaningHung = 3
    static let firstDelay: Duration = .milliseconds(250)
    static let longestDelay: Duration = .seconds(30)

    public private(set) var state: State = .starting
    /// Why it is failed, disabled or backing off; nil otherwise.
    public private(set) var reason: String?
    /// Restarts after crashes since the core started (a start by hand counts none).
    public private(set) var restarts = 0
    /// Counts launches: each ``Action/launch`` is a new generation, so news about an earlier process is
    /// recognised and ignored.
    public private(set) var generation = 0
    /// Why the current process is being killed (garbage, flood, hang), reported when it ends.
    public private(set) var faultReason: String?
    /// When the recent crashes happened, on the host's clock.
    private var crashes: [Duration] = []
    /// Whether it was ever asked to start: a new plugin is `starting` before its first launch.
    private var wasStarted = false
    /// Forwarded calls of the current process that timed out in a row.
    private var consecutiveTimeouts = 0
    /// When the current one-second window of notifications began, and how many arrived within it.
    private var notificationWindowStart: Duration?
    private var notificationsInWindow = 0

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

    /// The current process could not start, ended, failed its handshake or misbehaved, at `now` (the time on
    /// the host's clock).
    public mutating func crashed(_ why: String, at now: Duration) -> Action {
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

    /// The process of launch `generation` ended, as `termination` says (`exited with status 3`, `closed its
    /// stdout`), at `now`: a crash, for the reason it was killed if it was. News about an earlier launch, or
    /// about a process stopped on purpose, is no crash.
    public mutating func processEnded(generation: Int, termination: String, at now: Duration) -> Action {
        guard generation == self.generation else { return .none }
        return crashed(faultReason ?? "it \(termination)", at: now)
    }

    /// The process of launch `generation` misbehaved (garbage on stdout, a flood, a hang): the first such
    /// news kills it, and `why` becomes the reason of the crash its end is; later news is ignored.
    public mutating func misbehaved(_ why: String, generation: Int) -> Action {
        guard generation == self.generation, faultReason == nil else { return .none }
        faultReason = why
        return .kill
    }

    /// A forwarded call to the process of launch `generation` ended, after its timeout or not; the
    /// ``timeoutsMeaningHung``th timeout in a row kills the process as hung.
    public mutating func callEnded(timedOut: Bool, generation: Int) -> Action {
        guard generation == self.generation else { return .none }
        consecutiveTimeouts = timedOut ? consecutiveTimeouts + 1 : 0
        guard consecutiveTimeouts >= Self.timeoutsMeaningHung else { return .none }
        return misbehaved("it left \(Self.timeoutsMeaningHung) calls in a row unanswered", generation: generation)
    }

    /// The process of launch `generation` sent a notification at `now`; more than
    /// ``maximumNotificationsPerSecond`` within a second kills it as a flood, and those beyond are dropped.
    public mutating func notificationReceived(at now: Duration, generation: Int) -> Action {
        if let start = notificationWindowStart, now - start <= .seconds(1) {
            notificationsInWindow += 1
        } else {
            notificationWindowStart = now
            notificationsInWindow = 1
        }
        guard notificationsInWindow > Self.maximumNotificationsPerSecond else { return .none }
        let why = "it sent more than \(Self.maximumNotificationsPerSecond) notifications in a second"
        return misbehaved(why, generation: generation) == .kill ? .kill : .drop
    }

    /// The backoff delay after the crash of launch `generation` has passed (a timer of an earlier launch,
    /// or one that fires after a stop or a start by hand, does nothing).
    public mutating func backoffElapsed(generation: Int) -> Action {
        guard state == .backingOff, generation == self.generation else { return .none }
        return launch()
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
        reason = nil
        crashes = []
        return launch()
    }

    /// A new launch: a new generation, whose process has no fault and no timed-out calls yet.
    private mutating func launch() -> Action {
        state = .starting
        generation += 1
        faultReason = nil
        consecutiveTimeouts = 0
        return .launch
    }

    /// The delay before the restart that follows the `count`th recent crash: 0.25 s, 0.5 s, 1 s, … 30 s.
    static func delay(afterCrash count: Int) -> Duration {
        let doubled = firstDelay * (1 << min(max(count - 1, 0), 16))
        return min(doubled, longestDelay)
    }
}
