import Audio
import Logging

/// Plays shutter sounds as fast as the device allows, for `shutter.fire`.
///
/// It keeps one ``PreparedSound`` per (sound bytes, device): decoded in memory with its device open and
/// prepared, made on the first fire of that sound on that device and reused for every fire after, so a fire
/// costs a `snd_pcm_writei` rather than a file read and a device open. At most ``capacity`` are kept (the
/// oldest is closed to make room), and ``prune(keeping:)`` closes those whose bytes no pet and no setting use
/// any more; the core calls it when a pet, the settings or a sound change.
///
/// Overlapping fires: a fire while a shutter sound plays **restarts** the sound. The current play is stopped
/// through its ``StopSignal`` (it ends at its next period) and the new one starts from the beginning; on the
/// same prepared sound the new play is queued behind the stopping one on the sound's device thread, so it
/// starts within one period. A camera's shutter clicks once per photo: playing two at once would blur both,
/// and queuing them would delay the second click past the photo it stands for.
actor ShutterPlayer {
    /// The most prepared sounds kept open: one costs about 115 KiB (a bell-sized sound, its device thread and
    /// PCM), so a household of 20 pets with a sound each stays prepared (Benchmarks/shutter).
    static let capacity = 32

    private struct Key: Hashable {
        var sha256: String
        var device: String
    }

    /// A prepared sound (or its preparation under way) and the fires using it.
    ///
    /// Only touched on the actor. A fire holds a lease from before it waits for the preparation until its play
    /// is queued on the sound's device thread; an entry dropped meanwhile (pruned, or pushed out by a newer
    /// one) is closed when its last lease ends, never under a fire, which would fail with "the sound's device
    /// thread has been shut down".
    private final class Entry {
        let preparation: Task<PreparedSound, any Error>
        var leases = 0
        var dropped = false

        init(_ preparation: Task<PreparedSound, any Error>) { self.preparation = preparation }

        /// Closes the sound once prepared (a failed preparation has nothing to close).
        func close() {
            Task { [preparation] in (try? await preparation.value)?.close() }
        }
    }

    private var prepared: [Key: Entry] = [:]
    /// The keys of ``prepared``, oldest first.
    private var order: [Key] = []
    /// The stop signal of the play under way, if any.
    private var current: StopSignal?
    private let playing: PlayingSounds

    /// - Parameter playing: where the core's plays under way are recorded, for `sounds.stop`.
    init(playing: PlayingSounds) {
        self.playing = playing
    }

    /// Plays the WAV file `path` (whose bytes hash to `sha256`) on `device`, restarting any shutter sound
    /// under way, and returns once its first period has been written.
    /// - Returns: the instant the first period was written (or, when a later fire restarted this one before
    ///   it wrote anything, the instant it gave way).
    /// - Parameter logger: where a play that fails after its first period is reported.
    /// - Throws: ``AudioError`` `.device` with ALSA's text, or what reading the file threw.
    func fire(file path: String, sha256: String, device: String, logger: Logger) async throws
        -> ContinuousClock.Instant
    {
        let key = Key(sha256: sha256, device: device)
        let entry = entry(for: key, file: path)
        entry.leases += 1
        defer { release(entry) }
        let sound = try await preparedSound(entry, key: key)
        current?.stop()
        let stop = StopSignal()
        current = stop
        // Returns once the play is on the sound's device thread (its first period written) or over.
        let written = try await BackgroundPlay.start(stop: stop, playing: playing, logger: logger) { firstPeriod in
            try await sound.play(stop: stop, firstPeriodWritten: firstPeriod)
        }
        return written ?? .now
    }

    /// Closes the prepared sounds whose bytes are not in `hashes`.
    /// - Parameter hashes: the sha256 of every sound that may still be fired.
    func prune(keeping hashes: Set<String>) {
        for key in order where !hashes.contains(key.sha256) { drop(key) }
    }

    /// The entry for `key`, its preparation started on first use.
    private func entry(for key: Key, file path: String) -> Entry {
        if let entry = prepared[key] { return entry }
        let entry = Entry(Task { try await PreparedSound(file: path, device: key.device) })
        prepared[key] = entry
        order.append(key)
        if order.count > Self.capacity { drop(order[0]) }
        return entry
    }

    /// The entry's sound once prepared. A failed preparation is not kept, so the next fire tries again.
    private func preparedSound(_ entry: Entry, key: Key) async throws -> PreparedSound {
        do {
            return try await entry.preparation.value
        } catch {
            if prepared[key] === entry { drop(key) }
            throw error
        }
    }

    /// Ends a fire's lease, closing a dropped entry that no fire uses any more.
    private func release(_ entry: Entry) {
        entry.leases -= 1
        if entry.leases == 0 && entry.dropped { entry.close() }
    }

    /// Forgets `key`'s entry and closes it now, or when the fires using it are done.
    private func drop(_ key: Key) {
        guard let entry = prepared.removeValue(forKey: key) else { return }
        order.removeAll { $0 == key }
        entry.dropped = true
        if entry.leases == 0 { entry.close() }
    }
}
