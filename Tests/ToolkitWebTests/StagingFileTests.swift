import Foundation
import Testing
import ToolkitTestSupport

@testable import ToolkitWeb

/// What a toolkit-web killed mid-upload leaves in `blobs/tmp`, and what the next one removes.
struct StagingFileTests {
    @Test func stagingDirectoriesOlderThanADayAreRemovedAndEverythingElseIsKept() throws {
        let directory = try TemporaryDirectory()
        let twoDaysAgo = Int(Date().timeIntervalSince1970) - 2 * 86_400
        let old = try directory.write("tmp/web-upload-\(twoDaysAgo)-0123/clip.mp4", Array("half a clip".utf8))
        let oldShare = try directory.write(
            "tmp/web-share-\(twoDaysAgo)-4567/pets.tar.zst", Array("half a bundle".utf8))
        let staging = try StagingFile(in: directory.appending("tmp"), named: "walk.mp4")
        let fresh = try directory.write(String(staging.path.dropFirst(directory.path.count + 1)), Array("now".utf8))
        let core = try directory.write("tmp/\(twoDaysAgo)-99.part", Array("the core's own temp file".utf8))
        #expect(StagingFile.removeLeftovers(in: directory.appending("tmp")) == 2)
        for gone in [old, oldShare] {
            #expect(!FileManager.default.fileExists(atPath: (gone as NSString).deletingLastPathComponent))
        }
        #expect(FileManager.default.fileExists(atPath: fresh), "an upload of today is kept")
        #expect(FileManager.default.fileExists(atPath: core), "the core's files are the core's to sweep")
    }
}
