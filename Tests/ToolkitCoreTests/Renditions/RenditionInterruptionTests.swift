import FFmpeg
import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// A copy interrupted keeps nothing: cancelled over the socket (ffmpeg killed, no blob, no row, no temp file),
/// or its core killed with SIGKILL (no copy under a final name, and the next request makes it again).
struct RenditionInterruptionTests {
    @Test func aCancelledCopyKeepsNothing() async throws {
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.longAVI(in: files)
        // Under auto, the import queues the copy; the waiting request joins that job, and its cancel stops it.
        // ffmpeg reads in real time (`-re`), so the copy is under way when the cancel comes, however slow the build.
        let ffmpeg = try Self.realTimeFFmpeg(in: files)
        let core = try await InProcessServer { $0.ffmpegPath = ffmpeg }
        let data = core.core.configuration.dataDirectory
        let client = try await ObjectClient.connect(to: core.socketPath)
        let before = try VideoRenditionTests.storedBlobs(data)
        let id = try await VideoRenditionTests.importVideo(clip, client)
        let line = try core.lineClient()
        try line.send(
            #"{"jsonrpc":"2.0","id":"r","method":"photos.rendition","params":{"id":"\#(id)","wait":true,"#
                + #""progress":true}}"# + "\n")
        let first = jsonObject(await line.readLine())
        #expect(first["method"] as? String == "progress", "ffmpeg is under way: \(first)")
        try line.send(#"{"jsonrpc":"2.0","id":2,"method":"rpc.cancel","params":{"id":"r"}}"# + "\n")
        var answers: [String: [String: Any]] = [:]
        while answers.count < 2, let next = await line.readLine() {
            let message = jsonObject(next)
            if let id = message["id"] { answers["\(id)"] = message }
        }
        #expect((answers["2"]?["result"] as? [String: Any])?["cancelled"] as? Bool == true)
        #expect((answers["r"]?["error"] as? [String: Any])?["code"] as? Int == -32005, "\(answers)")

        let original = try #require(try await client.object("photos.get", ["id": id])["sha256"] as? String)
        var clean = false
        for _ in 0..<500 where !clean {
            clean =
                try VideoRenditionTests.storedBlobs(data) == (before + [original]).sorted()
                && VideoRenditionTests.temporaries(data).isEmpty
            if !clean { try await Task.sleep(for: .milliseconds(20)) }
        }
        let left = try VideoRenditionTests.storedBlobs(data) + VideoRenditionTests.temporaries(data)
        #expect(clean, "only the original: \(left)")
        await client.close()
        await core.stop()
    }

    @Test func aCoreKilledDuringACopyLeavesNoneAndTheNextRequestMakesIt() async throws {
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.longAVI(in: files)
        // The first core's ffmpeg makes the copy reading its input at a twentieth of real time, so the 30 s clip's
        // copy takes ten minutes: it is still being made when the test, however slow the machine (a sanitized build
        // on a loaded CI runner), sees it running and kills the core.
        let config = try files.write(
            "slow.json", Array(#"{"ffmpegPath": "\#(try Self.realTimeFFmpeg(in: files, copyRate: "0.05"))"}"#.utf8))
        let first = try CoreProcess(extraArguments: ["--config", config])
        let client = try await ObjectClient.connect(to: first.socketPath)
        let before = try VideoRenditionTests.storedBlobs(first.dataDirectory)
        let id = try await VideoRenditionTests.importVideo(clip, client)
        let original = try #require(try await client.object("photos.get", ["id": id])["sha256"] as? String)
        let running = try await VideoRenditionTests.state(of: id, becoming: ["running", "ready", "failed"], client)
        #expect(running["state"] as? String == "running", "\(running)")
        first.stop(signal: SIGKILL)
        await client.close()
        // The core may still be storing its built-in sounds' WAVs when `before` is read (a slow, sanitized build):
        // what must not be there is an MP4, the copy, under any blob's name.
        let stored = try VideoRenditionTests.storedBlobs(first.dataDirectory)
        #expect(Set(before + [original]).isSubset(of: stored))
        let copies = try stored.filter { try Self.isMP4(blob: $0, in: first.dataDirectory) }
        #expect(copies.isEmpty, "no copy under a final name")

        let second = try CoreProcess(dataDirectory: first.dataDirectory)
        defer { second.stop() }
        let again = try await ObjectClient.connect(to: second.socketPath)
        let made = try await again.object("photos.rendition", ["id": id, "wait": true])
        #expect(made["state"] as? String == "ready", "\(made)")
        await #expect(try RenditionClip.probe(try #require(made["path"] as? String)).videoCodec == "h264")
        await again.close()
    }

    /// A directory for `ffmpegPath` holding an `ffmpeg` that runs the real one with `-re` first (it applies to
    /// the input) and the real `ffprobe`. With `copyRate`, only a copy's run (its arguments hold `+faststart`)
    /// reads slowly, at that fraction of real time (`-readrate`); posters and probes run at full speed.
    static func realTimeFFmpeg(in files: TemporaryDirectory, copyRate: String? = nil) throws -> String {
        let real = try FFmpegInstallation.locate(
            configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"])
        let directory = files.appending("real-time")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let wrapper = directory + "/ffmpeg"
        let script =
            if let copyRate {
                """
                #!/bin/sh
                case " $* " in *" +faststart "*) exec \(real.ffmpegPath) -readrate \(copyRate) "$@" ;; esac
                exec \(real.ffmpegPath) "$@"

                """
            } else {
                "#!/bin/sh\nexec \(real.ffmpegPath) -re \"$@\"\n"
            }
        try Data(script.utf8).write(to: URL(fileURLWithPath: wrapper))
        chmod(wrapper, 0o755)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/ffprobe", withDestinationPath: try #require(real.ffprobePath))
        return directory
    }

    /// Whether the blob `sha256` is an ISO media file (`ftyp` at byte 4), as a copy is and the AVI and WAVs are not.
    static func isMP4(blob sha256: String, in dataDirectory: String) throws -> Bool {
        let path = "\(dataDirectory)/blobs/sha256/\(sha256.prefix(2))/\(sha256)"
        let head = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 8) ?? Data()
        return head.count == 8 && head.suffix(4) == Data("ftyp".utf8)
    }
}
