import NIOConcurrencyHelpers

/// The files `/media` found through the core, kept for a moment: a page of thumbnails asks for each one once, but a
/// grid scrolled back and forth, or many tabs, ask again, and each answer is a round trip to the core that costs
/// more than sending the file (Benchmarks/web measures both). An answer lives ``lifetime`` (a deleted photo
/// stays reachable that long, and only by its id); misses and refusals are never kept. At most ``capacity``
/// answers are held; past that, the expired go, and if none has, all of them.
final class MediaLookups: Sendable {
    /// What was asked: the route, the record and the size a thumbnail was asked at.
    struct Key: Hashable, Sendable {
        enum Route: Hashable, Sendable { case original, thumbnail, video, sound }
        let route: Route
        let id: String
        var size: Int? = nil
    }

    let lifetime: Duration
    let capacity: Int
    private let answers = NIOLockedValueBox<[Key: (file: MediaFile, until: ContinuousClock.Instant)]>([:])

    init(lifetime: Duration = .seconds(2), capacity: Int = 4096) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The file for `key`: the kept answer while it lives, else `lookUp`'s, which is then kept.
    func file(_ key: Key, lookUp: () async throws -> MediaFile) async throws -> MediaFile {
        let now = ContinuousClock.now
        if let kept = answers.withLockedValue({ $0[key] }), kept.until > now { return kept.file }
        let file = try await lookUp()
        answers.withLockedValue { answers in
            if answers.count >= capacity {
                answers = answers.filter { $0.value.until > now }
                if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            }
            answers[key] = (file, now + lifetime)
        }
        return file
    }
}
