import FFmpeg
import Foundation
import Media
import Testing
import ToolkitTestSupport

@testable import PetDiary

/// What ffprobe changes of a video's record: the facts it gives that differ beyond what two honest readers differ
/// by, on every photo of the blob, once.
@Suite struct VideoConfirmationRulesTests {
    static func probe(_ stream: String, duration: String = "2.0") throws -> VideoProbe {
        let json = #"{"streams":[\#(stream)],"format":{"duration":"\#(duration)"}}"#
        return try VideoProbe(json: Array(json.utf8))
    }

    static let video = #"{"codec_type":"video","codec_name":"h264","width":64,"height":48}"#

    @Test func agreementWithinAFrameOrAPCMNameChangesNothing() throws {
        let recorded = VideoFacts(durationSeconds: 2.04, width: 64, height: 48, videoCodec: "h264", audioCodec: "pcm")
        let probe = try Self.probe(Self.video + #",{"codec_type":"audio","codec_name":"pcm_s16le"}"#)
        let (facts, differences) = Diary.confirmed(recorded, by: probe)
        #expect(differences.isEmpty, "\(differences)")
        #expect(facts == recorded, "an unknown orientation stays unknown when ffprobe sees no turn")
    }

    @Test func ffprobesDifferingFactsAreTakenAndEachDifferenceTold() throws {
        let recorded = VideoFacts(durationSeconds: 0, width: 32, height: 48, orientation: 1, videoCodec: "s263")
        let turned =
            #"{"codec_type":"video","codec_name":"h263","width":64,"height":48,"#
            + #""sample_aspect_ratio":"1:1","side_data_list":[{"rotation":-90}]}"#
        let (facts, differences) = Diary.confirmed(recorded, by: try Self.probe(turned, duration: "3.0"))
        #expect(facts == VideoFacts(durationSeconds: 3, width: 64, height: 48, orientation: 6, videoCodec: "h263"))
        #expect(
            differences == [
                "durationSeconds 0.0 → 3.0", "width 32 → 64", "orientation 1 → 6", "videoCodec s263 → h263",
            ])
    }

    /// The facts go on every photo of the blob, and a second confirmation finds nothing to tell.
    @Test func theFactsAreRecordedOnEveryPhotoOfTheBlobOnce() async throws {
        let fixture = try DiaryFixture()
        let directory = try TemporaryDirectory()
        let clip = try TestClip.make("walk.mp4", codec: "libx264", pixelFormat: "yuv420p", in: directory)
        let walks = try await fixture.album("Walks")
        let naps = try await fixture.album("Naps")
        let first = try await fixture.diary.importPhoto(from: .file(path: clip), into: walks.id)
        let second = try await fixture.diary.importPhoto(from: .file(path: clip), into: naps.id)
        let probe = try Self.probe(
            Self.video + #",{"codec_type":"audio","codec_name":"mp3"}"#, duration: "\(first.durationSeconds ?? 0)")
        let told = try await fixture.diary.confirmVideoFacts(of: first.sha256, probe: probe)
        #expect(told == ["audioCodec none → mp3"])
        for id in [first.id, second.id] {
            #expect(try await fixture.store.photos.get(id: id).audioCodec == "mp3")
        }
        #expect(try await fixture.diary.confirmVideoFacts(of: first.sha256, probe: probe).isEmpty)
    }
}
