package import FFmpeg

extension Diary {
    /// Checks what the import's header readers recorded of the video blob `sha256` against what ffprobe says of
    /// it (`probe`, from a sandboxed run: the forced demuxer, the file protocol only, the runs' limits), and
    /// where they disagree records ffprobe's facts. The header readers decide at import, fast; ffprobe decodes
    /// what they only read, so it is believed. A fact ffprobe does not give is kept.
    /// - Returns: Each difference, `durationSeconds 0 → 3.0`, empty when they agree (then nothing is written,
    ///   so a difference is told once).
    package func confirmVideoFacts(of sha256: String, probe: VideoProbe) async throws -> [String] {
        guard let recorded = try await store.photos.videoFacts(of: sha256) else { return [] }
        let (confirmed, differences) = Self.confirmed(recorded, by: probe)
        if !differences.isEmpty {
            _ = try await store.photos.recordConfirmedVideoFacts(of: sha256, confirmed)
        }
        return differences
    }

    /// `recorded` with ffprobe's facts where they differ: a length by more than half a second (or 1 %), a size by
    /// a pixel or more, a turn, a codec by name (the header readers' `pcm` is any of ffprobe's `pcm_*`).
    static func confirmed(_ recorded: VideoFacts, by probe: VideoProbe) -> (VideoFacts, [String]) {
        var facts = recorded
        var differences: [String] = []
        func note<T: Equatable>(_ name: String, _ old: T?, _ new: T?, same: (T, T) -> Bool = { $0 == $1 }) -> T? {
            guard let new else { return old }
            if let old, same(old, new) { return old }
            differences.append("\(name) \(old.map { "\($0)" } ?? "none") → \(new)")
            return new
        }
        facts.durationSeconds = note("durationSeconds", recorded.durationSeconds, probe.duration) {
            abs($0 - $1) <= max(0.5, 0.01 * $1)
        }
        facts.width = note("width", recorded.width, probe.shownWidth)
        facts.height = note("height", recorded.height, probe.height)
        let turn = note("orientation", recorded.orientation ?? 1, Self.orientation(turn: probe.rotation))
        facts.orientation = recorded.orientation == nil && turn == 1 ? nil : turn
        facts.videoCodec = note("videoCodec", recorded.videoCodec, probe.videoCodec, same: sameCodec)
        facts.audioCodec = note("audioCodec", recorded.audioCodec, probe.audioCodec, same: sameCodec)
        return (facts, differences)
    }

    /// The EXIF orientation of a clockwise turn of 0, 90, 180 or 270 degrees.
    static func orientation(turn: Int) -> Int? {
        switch turn {
        case 0: 1
        case 90: 6
        case 180: 3
        case 270: 8
        default: nil
        }
    }

    private static func sameCodec(_ recorded: String, _ probed: String) -> Bool {
        recorded == probed || (recorded == "pcm" && probed.hasPrefix("pcm_"))
    }
}
