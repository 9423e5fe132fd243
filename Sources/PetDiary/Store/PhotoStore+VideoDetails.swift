import GRDB

extension PhotoStore {
    /// The blobs of videos that have no codec or frame rate recorded (imported before the toolkit read them,
    /// or of a container that does not say), with their media type; at most `limit`.
    package func videosWithoutDetails(limit: Int) async throws -> [(sha256: String, mediaType: String)] {
        try await store.read { db in
            typealias Columns = PhotoRow.Columns
            return try PhotoRow.filter(
                Columns.mediaType.like("video/%") && Columns.videoCodec == nil && Columns.audioCodec == nil
                    && Columns.frameRate == nil
            )
            .select(Columns.sha256, Columns.mediaType).distinct().limit(limit)
            .asRequest(of: Row.self).fetchAll(db).map { ($0["sha256"], $0["mediaType"]) }
        }
    }

    /// Records the codecs and frame rate of the video blob `sha256` on every photo of it that has none.
    /// - Returns: How many photos were filled in.
    package func recordVideoDetails(
        of sha256: String, videoCodec: String?, audioCodec: String?, frameRate: Double?
    ) async throws -> Int {
        try await store.write { db in
            typealias Columns = PhotoRow.Columns
            return try PhotoRow.filter(
                Columns.sha256 == sha256 && Columns.videoCodec == nil && Columns.audioCodec == nil
                    && Columns.frameRate == nil
            )
            .updateAll(
                db, Columns.videoCodec.set(to: videoCodec), Columns.audioCodec.set(to: audioCodec),
                Columns.frameRate.set(to: frameRate))
        }
    }
}
