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
            try Row.fetchOne(
                db,
                sql: """
                    SELECT durationSeconds, width, height, orientation, videoCodec, audioCodec FROM photo
                    WHERE sha256 = ? LIMIT 1
                    """,
                arguments: [sha256]
            ).map {
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
            try db.execute(
                sql: """
                    UPDATE photo SET durationSeconds = ?, width = ?, height = ?, orientation = ?, videoCodec = ?,
                        audioCodec = ?
                    WHERE sha256 = ?
                    """,
                arguments: [
                    facts.durationSeconds, facts.width, facts.height, facts.orientation, facts.videoCodec,
                    facts.audioCodec, sha256,
                ])
            return db.changesCount
        }
    }
}
