import NIOConcurrencyHelpers

/// This process's record of which blob hashes and temp files are in use, shared by every copy of one
/// ``BlobStore``.
///
/// A hash is *in flight* from the moment a staged blob with that hash exists until its ``BlobLease``
/// ends; the garbage collector and ``BlobStore/remove(_:)`` leave in-flight hashes alone. While a
/// collection runs, hashes whose lease ends are remembered as *recently released* and also left alone,
/// because the collector's set of referenced hashes may have been read before their database commit.
/// Temp files being written or staged are registered so that a sweep does not delete them.
final class InFlightTable: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var temporaries: Set<String> = []
        var collections = 0
        var releasedDuringCollection: Set<String> = []
    }

    private let state = NIOLockedValueBox(State())

    /// Marks `hash` in flight once more.
    func acquire(_ hash: String) {
        state.withLockedValue { $0.counts[hash, default: 0] += 1 }
    }

    /// Ends one acquisition of `hash`.
    func release(_ hash: String) {
        state.withLockedValue { state in
            guard let count = state.counts[hash] else { return }
            if count <= 1 { state.counts[hash] = nil } else { state.counts[hash] = count - 1 }
            if state.collections > 0 { state.releasedDuringCollection.insert(hash) }
        }
    }

    /// Whether `hash` is staged, being published, or (during a collection) was released since it began.
    func isProtected(_ hash: String) -> Bool {
        state.withLockedValue { $0.counts[hash] != nil || $0.releasedDuringCollection.contains(hash) }
    }

    /// Runs `body` (an unlink) only if `hash` is not protected, atomically with respect to ``acquire(_:)``:
    /// a blob cannot be staged and found present between the check and the unlink.
    func unlessProtected<T>(_ hash: String, _ body: () -> T) -> T? {
        state.withLockedValue { state in
            guard state.counts[hash] == nil, !state.releasedDuringCollection.contains(hash) else { return nil }
            return body()
        }
    }

    /// Starts a collection: from now on, released hashes are remembered until the last one ends.
    func beginCollection() {
        state.withLockedValue { $0.collections += 1 }
    }

    /// Ends a collection.
    func endCollection() {
        state.withLockedValue { state in
            state.collections -= 1
            if state.collections == 0 { state.releasedDuringCollection.removeAll() }
        }
    }

    /// Registers a temp file name (in `blobs/tmp`) as this process's.
    func register(temporary name: String) {
        state.withLockedValue { _ = $0.temporaries.insert(name) }
    }

    /// Forgets a temp file name.
    func unregister(temporary name: String) {
        state.withLockedValue { _ = $0.temporaries.remove(name) }
    }

    /// Whether a temp file name belongs to work in progress in this process.
    func isRegistered(temporary name: String) -> Bool {
        state.withLockedValue { $0.temporaries.contains(name) }
    }
}
