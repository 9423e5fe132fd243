import ChildProcesses
import FFmpeg
import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// Clips made to hurt, over the real socket: each is imported (or refused at once, with the reason) and its
/// poster asked for, while a second client pings the core and every ping is answered. A header claiming frames
/// of 100,000 × 100,000 pixels is refused by the import's own header reader or by ffmpeg's size check, never
/// allocated; an hour of 1 × 1 pixels costs one bounded run of ffmpeg.
struct HostileClipTests {
    /// An hour of 1 × 1 pixels at a frame a second (H.264 in MP4), made once per test run: 3,600 frames of one
    /// pixel take ffmpeg little time and the file a few hundred kilobytes.
    static let anHourOfOnePixel = Result { () throws -> (directory: TemporaryDirectory, path: String) in
        let directory = try TemporaryDirectory()
        let path = try TestClip.make(
            "hour.mp4", codec: "libx264", width: 1, height: 1, rate: 1, seconds: 3_600, pixelFormat: "yuv444p",
            in: directory)
        return (directory, path)
    }

    @Test func aClipClaiming100000PixelsSquareIsRefusedWithTheReasonWhileTheCoreAnswers() async throws {
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let albumId = try #require(try await client.object("albums.create", ["title": "Hostile"])["id"] as? String)
        let pinger = try Pinger(socketPath: server.socketPath)

        // The AVI's main header claims it too: the import reads it and refuses the file before ffmpeg sees it.
        let claimed = try HostileClip.claimingFrameSize(
            width: 100_000, height: 100_000, mainHeaderToo: true, name: "claimed.avi", in: files)
        let refused = await client.error("photos.import", ["albumId": albumId, "path": claimed])
        #expect(refused?.code == .invalidParams)
        #expect(ObjectClient.data(of: refused)["reason"] as? String == "bad-dimensions")
        #expect(
            refused?.message.contains(
                "the AVI file claims a frame of 100000 × 100000 pixels, which is not a real video's") == true,
            "\(String(describing: refused))")

        // Only the stream's format claims it: the import takes the 64 × 48 its main header says, and ffmpeg
        // refuses the frame size when the poster is asked for.
        let hidden = try HostileClip.claimingFrameSize(
            width: 100_000, height: 100_000, mainHeaderToo: false, name: "hidden.avi", in: files)
        let video = try await client.object("photos.import", ["albumId": albumId, "path": hidden])
        #expect(video["mediaType"] as? String == "video/x-msvideo")
        #expect(video["width"] as? Int == 64 && video["height"] as? Int == 48)
        let id = try #require(video["id"] as? String)
        let error = await client.error("photos.thumbnail", ["id": id, "size": 320])
        #expect(error?.code == .invalidParams)
        #expect(ObjectClient.data(of: error)["reason"] as? String == "decode-failed")
        let message = try #require(error?.message)
        #expect(message.contains("ffmpeg could not take a poster frame from "), "\(message)")
        #expect(message.contains("Picture size 100000x100000 is invalid"), "\(message)")

        let tally = await pinger.stop()
        #expect(tally.unanswered.isEmpty, "\(tally.unanswered)")
        #expect(tally.answered >= 1)
        #expect(try await client.object("system.info")["version"] != nil, "the core still answers")
        await client.close()
        await server.stop()
    }

    /// With the default deadline, one of a second (the config's smallest) and one of a millisecond, which no
    /// run of ffmpeg can keep.
    @Test(arguments: [nil, .seconds(1), .milliseconds(1)] as [Duration?])
    func anHourOfOnePixelIsPosteredOrStoppedAtTheDeadlineWhileTheCoreAnswers(deadline: Duration?) async throws {
        let clip = try Self.anHourOfOnePixel.get().path
        let server = try await InProcessServer { configuration in
            if let deadline { configuration.limits.ffmpegProcess.deadline = deadline }
        }
        let client = try await ObjectClient.connect(to: server.socketPath)
        let albumId = try #require(try await client.object("albums.create", ["title": "Hostile"])["id"] as? String)
        let video = try await client.object("photos.import", ["albumId": albumId, "path": clip])
        #expect(video["width"] as? Int == 1 && video["height"] as? Int == 1)
        let duration = try #require(video["durationSeconds"] as? Double)
        #expect(abs(duration - 3_600) <= 1, "\(duration)")
        let id = try #require(video["id"] as? String)

        let pinger = try Pinger(socketPath: server.socketPath)
        do {
            // Only keyframes are decoded for an hour's poster, and 20 of them looked at, not 3,600 frames.
            let poster = try await client.object("photos.thumbnail", ["id": id, "size": 320])
            let base64 = try #require(poster["data"] as? String)
            let bytes = try #require(Data(base64Encoded: base64))
            #expect(bytes.prefix(2) == Data([0xFF, 0xD8]))
        } catch let error as RPCError {
            // A small deadline may pass first: the run is killed and the error says so.
            let deadline = try #require(deadline, "\(error)")
            #expect(error.code == .invalidParams)
            #expect(ObjectClient.data(of: error)["reason"] as? String == "timed-out")
            #expect(
                error.message.hasSuffix("ffmpeg took longer than \(deadline) and was stopped."), "\(error.message)")
        }
        let tally = await pinger.stop()
        #expect(tally.unanswered.isEmpty, "\(tally.unanswered)")
        #expect(tally.answered >= 1)
        await client.close()
        await server.stop()
    }
}
