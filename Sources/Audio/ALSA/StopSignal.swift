import Synchronization

/// A flag that stops a playback or recording between two periods; set it from any thread or task.
public final class StopSignal: Sendable {
    private let stopped = Atomic<Bool>(false)

    /// Makes a signal that is not yet set.
    public init() {}

    /// Asks the playback or recording watching this signal to stop.
    public func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { stopped.load(ordering: .acquiring) }
}
