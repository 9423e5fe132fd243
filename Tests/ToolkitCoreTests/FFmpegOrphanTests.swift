import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// An ffmpeg run never outlives the core: a core killed with SIGKILL (no chance to clean up) takes its running
/// ffmpeg with it, instead of leaving it to work until its deadline.
struct FFmpegOrphanTests {
    @Test func ffmpegDiesWithACoreKilledByKill9() async throws {
        let scratch = try TemporaryDirectory()
        let pidFile = scratch.appending("ffmpeg.pid")
        // Stands in for ffmpeg: answers -version, and otherwise says who it is and works for a minute.
        let fake = try scratch.write(
            "ffmpeg",
            Array(
                """
                #!/bin/sh
                [ "$1" = -version ] && { echo "ffmpeg version 9.9-test"; exit 0; }
                echo $$ > \(pidFile).tmp && mv \(pidFile).tmp \(pidFile)
                exec sleep 60

                """.utf8))
        chmod(fake, 0o755)
        let config = try scratch.write("config.json", Array(#"{"ffmpegPath": "\#(fake)"}"#.utf8))
        let core = try CoreProcess(extraArguments: ["--config", config, "--no-plugins"])
        defer { _ = core.stop(signal: SIGKILL) }
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let clip = try await TestClip.make("walk.mp4", codec: "libx264", in: files)
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        let video = try await client.call(PhotosImport.self, .init(albumId: album.id, path: clip))
        let poster = Task { try? await client.call(PhotosThumbnail.self, .init(id: video.id, size: 64)) }

        let started = ContinuousClock.now
        while !FileManager.default.fileExists(atPath: pidFile) {
            try #require(ContinuousClock.now - started < TestPatience.scaled(.seconds(60)), "ffmpeg never ran")
            try await Task.sleep(for: .milliseconds(10))
        }
        let pid = try #require(
            Int32(
                String(decoding: try scratch.read(pidFile), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(Self.isRunning(pid), "ffmpeg runs while the core waits for it")
        core.stop(signal: SIGKILL)
        while Self.isRunning(pid) {
            try #require(ContinuousClock.now - started < TestPatience.scaled(.seconds(10)), "ffmpeg outlived the core")
            try await Task.sleep(for: .milliseconds(10))
        }
        poster.cancel()
        await client.close()
    }

    /// Whether `pid` is a process that has not ended (a zombie waiting for its reaper has).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }
}
