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

    /// The kept answer for `key` while it lives; nil otherwise (the core has to be asked).
    func kept(_ key: Key) -> MediaFile? {
        let now = ContinuousClock.now
        guard let kept = answers.withLockedValue({ $0[key] }), kept.until > now else { return nil }
        return kept.file
    }

    /// The file for `key`: the kept answer while it lives, else `lookUp`'s, which is then kept.
    func file(_ key: Key, lookUp: () async throws -> MediaFile) async throws -> MediaFile {
        let now = ContinuousClock.now
        if let kept = kept(key) { return kept }
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

extension MediaLookups.Key {
    /// The key of a request target written as the pages write it: `/media/photos/ID`, `…/ID/thumbnail`,
    /// `…/ID/thumbnail?size=N` (16 to 2048), `…/ID/video`, `/media/sounds/ID`. Any other spelling (an escape, a
    /// second parameter, a trailing slash) is nil and left to the router, which reads it as RFC 3986 does.
    init?(target: String) {
        var path = target.utf8[...]
        var size: Int?
        if let question = path.firstIndex(of: UInt8(ascii: "?")) {
            let query = path[path.index(after: question)...]
            path = path[..<question]
            let digits = query.dropFirst(5)
            guard query.starts(with: "size=".utf8), (1...4).contains(digits.count),
                digits.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(Substring(digits)),
                (16...2048).contains(number)
            else { return nil }
            size = number
        }
        let parts = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5, parts[0].isEmpty, parts[1].elementsEqual("media".utf8) else {
            return nil
        }
        let id = String(Substring(parts[3]))
        guard id.isRecordID else { return nil }
        let kind = String(Substring(parts[2]))
        let leaf = parts.count == 5 ? String(Substring(parts[4])) : nil
        switch (kind, leaf) {
        case ("photos", nil) where size == nil: self.init(route: .original, id: id)
        case ("photos", "thumbnail"): self.init(route: .thumbnail, id: id, size: size)
        case ("photos", "video") where size == nil: self.init(route: .video, id: id)
        case ("sounds", nil) where size == nil: self.init(route: .sound, id: id)
        default: return nil
        }
    }
}
