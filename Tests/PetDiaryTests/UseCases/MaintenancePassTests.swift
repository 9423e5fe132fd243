import Foundation
import GRDB
import Media
import Testing

@testable import PetDiary
import ToolkitTestSupport

/// `system.gc` as a use case: what a crash or a failed removal left goes, what is referenced stays.
struct MaintenancePassTests {
    @Test func aPassRemovesStrayBlobsAndDeadTempFilesAndKeepsPhotos() async throws {
        // Given an imported photo, a blob no record refers to, and a dead process's temp file
        let fixture = try DiaryFixture()
        let album = try await fixture.album()
        let photo = try await fixture.diary.importPhoto(
            from: .file(path: try fixture.file("tiny-24x12.png")), into: album.id)
        let stray = try await fixture.blobs.publish(try await fixture.blobs.stage(bytes: [1, 2, 3]))
        stray.release()
        try fixture.scratch.write("blobs/tmp/999999-1.part", [9])

        // When the pass runs
        let report = try await fixture.diary.maintenance.run()

        // Then only the photo's file is left
        #expect(report == MaintenancePass.Report(temporaries: 1, blobs: 1, bytes: 3))
        #expect(fixture.storedBlobs == [photo.sha256])
        #expect(fixture.temporaries.isEmpty)
    }
}

/// Videos imported before the toolkit read codecs and frame rates get them from the next pass.
struct VideoDetailsBackfillTests {
    @Test func aPassFillsInTheCodecsAndFrameRateOfAnOlderVideo() async throws {
        // Given a video whose details are missing, as a diary migrated from before them has it
        let fixture = try DiaryFixture()
        let album = try await fixture.album()
        let clip = try await TestClip.make("walk.webm", codec: "libvpx-vp9", rate: 10, in: fixture.scratch)
        let video = try await fixture.diary.importPhoto(from: .file(path: clip), into: album.id)
        #expect(video.videoCodec == "vp9")
        try await fixture.diary.store.write { db in
            try db.execute(sql: "UPDATE photo SET videoCodec = NULL, audioCodec = NULL, frameRate = NULL")
        }

        // When the pass runs
        let report = try await fixture.diary.maintenance.run()

        // Then the record has them again, and a second pass has nothing to do
        #expect(report.videosDescribed == 1)
        let described = try await fixture.diary.store.photos.get(id: video.id)
        #expect(described.videoCodec == "vp9" && described.frameRate == 10 && described.audioCodec == nil)
        #expect(try await fixture.diary.maintenance.run().videosDescribed == 0)
    }
}
