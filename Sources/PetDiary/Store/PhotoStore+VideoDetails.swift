import GRDB

extension PhotoStore {
    /// The blobs of videos that have no codec or frame rate recorded (imported before the toolkit read them,
    /// or of a container that does not say), with their media type; at most `limit`.
    package func videosWithoutDetails(limit: Int) async throws -> [(sha256: String, mediaType: String)] {
        try await store.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT sha256, mediaType FROM photo
                    WHERE mediaType LIKE 'video/%' AND videoCodec IS NULL AND audioCodec IS NULL AND frameRate IS NULL
                    LIMIT ?
                    """,
                arguments: [limit]
            ).map { ($0["sha256"], $0["mediaType"]) }
        }
    }

    /// Records the codecs and frame rate of the video blob `sha256` on every photo of it that has none.
    /// - Returns: How many photos were filled in.
    package func recordVideoDetails(
        of sha256: String, videoCodec: String?, audioCodec: String?, frameRate: Double?
    ) async throws -> Int {
        try await store.write { db in
            try db.execute(
                sql: """
                    UPDATE photo SET videoCodec = ?, audioCodec = ?, frameRate = ?
                    WHERE sha256 = ? AND videoCodec IS NULL AND audioCodec IS NULL AND frameRate IS NULL
                    """,
                arguments: [videoCodec, audioCodec, frameRate, sha256])
            return db.changesCount
        }
    }
}
