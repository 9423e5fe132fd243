import GRDB

/// What the diary records of a video that ffprobe can confirm: its length, stored size, orientation and codecs.
package struct VideoFacts: Sendable, Hashable {
    package var durationSeconds: Double?
    package var width: Int?
    package var height: Int?
    package var orientation: Int?
    package var videoCodec: String?
    package var audioCodec: String?

    package init(
        durationSeconds: Double? = nil, width: Int? = nil, height: Int? = nil, orientation: Int? = nil,
        videoCodec: String? = nil, audioCodec: String? = nil
    ) {
        self.durationSeconds = durationSeconds
        self.width = width
        self.height = height
        self.orientation = orientation
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
    }
}

extension PhotoStore {
    /// The facts recorded of the video blob `sha256`, from one of its photos (every photo of a blob is given the
    /// same); `nil` when no photo has it.
    package func videoFacts(of sha256: String) async throws -> VideoFacts? {
        try await store.read { db in
            typealias Columns = PhotoRow.Columns
            return try PhotoRow.filter(Columns.sha256 == sha256)
                .select(
                    Columns.durationSeconds, Columns.width, Columns.height, Columns.orientation, Columns.videoCodec,
                    Columns.audioCodec
                )
                .asRequest(of: Row.self).fetchOne(db)
                .map {
                    VideoFacts(
                        durationSeconds: $0["durationSeconds"], width: $0["width"], height: $0["height"],
                        orientation: $0["orientation"], videoCodec: $0["videoCodec"], audioCodec: $0["audioCodec"])
                }
        }
    }

    /// Records `facts`, as ffprobe confirmed them, on every photo of the video blob `sha256`.
    /// - Returns: How many photos were changed.
    package func recordConfirmedVideoFacts(of sha256: String, _ facts: VideoFacts) async throws -> Int {
        try await store.write { db in
            typealias Columns = PhotoRow.Columns
            return try PhotoRow.filter(Columns.sha256 == sha256).updateAll(
                db, Columns.durationSeconds.set(to: facts.durationSeconds), Columns.width.set(to: facts.width),
                Columns.height.set(to: facts.height), Columns.orientation.set(to: facts.orientation),
                Columns.videoCodec.set(to: facts.videoCodec), Columns.audioCodec.set(to: facts.audioCodec))
        }
    }
}
