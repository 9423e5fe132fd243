import ChildProcesses
import FFmpeg
import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// The ffmpeg that video features use, as `system.info` and `toolkit doctor` report it: found on `PATH` or at
/// the config's `ffmpegPath`, or missing with the one clear error and everything else working.
struct FFmpegReportTests {
    /// A config file in `scratch` whose `ffmpegPath` is `path`; its path, for `TOOLKIT_CONFIG`.
    private func config(ffmpegPath path: String, in scratch: TemporaryDirectory) throws -> String {
        try scratch.write("config.json", Array(#"{"ffmpegPath": "\#(path)"}"#.utf8))
    }

    @Test func systemInfoGivesTheFFmpegOnThePathWithItsVersion() async throws {
        let server = try await InProcessServer()
        let client = try await server.client()
        let text = try await client.call("system.info").text
        await client.close()
        await server.stop()
        let info = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let ffmpeg = try #require(info["ffmpeg"] as? [String: Any], "\(text)")
        #expect((ffmpeg["path"] as? String)?.hasSuffix("/ffmpeg") == true)
        #expect((ffmpeg["version"] as? String)?.first?.isNumber == true, "\(ffmpeg)")
        #expect((ffmpeg["ffprobe"] as? String)?.hasSuffix("/ffprobe") == true)
    }

    @Test func systemInfoGivesNullWhenTheConfiguredFFmpegIsMissing() async throws {
        let server = try await InProcessServer { $0.ffmpegPath = "/nonexistent/ffmpeg" }
        let client = try await server.client()
        let text = try await client.call("system.info").text
        await client.close()
        await server.stop()
        let info = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(info["ffmpeg"] is NSNull, "\(text)")
    }

    @Test func doctorReportsTheCoresFFmpegOrThatItHasNone() async throws {
        let found = try CoreProcess()
        let withFFmpeg = try await runToolkit(["doctor", "--socket", found.socketPath])
        _ = found.stop()
        let line = withFFmpeg.stdout.split(separator: "\n").first { $0.contains("ffmpeg:") }.map(String.init) ?? ""
        #expect(line.hasPrefix("ok    ffmpeg: /"), "\(withFFmpeg.stdout)")
        #expect(line.contains(", version ") && line.contains(" (the core's); ffprobe /"), "\(line)")

        let scratch = try TemporaryDirectory()
        let missing = try CoreProcess(
            environment: ["TOOLKIT_CONFIG": try config(ffmpegPath: "/nonexistent/ffmpeg", in: scratch)])
        let without = try await runToolkit(["doctor", "--socket", missing.socketPath])
        _ = missing.stop()
        #expect(without.status == 0, "no ffmpeg is a warning: \(without.stdout)")
        #expect(
            without.stdout.contains(
                "warn  ffmpeg: the core has none: ffmpeg is not installed or not found (set ffmpegPath); video "
                    + "posters and transcodes need it. Install it (apt-get install ffmpeg) or set ffmpegPath in the "
                    + "config file; everything else works without it"), "\(without.stdout)")
    }

    @Test func doctorWithNoCoreLooksWhereTheConfigSays() async throws {
        let scratch = try TemporaryDirectory()
        let arguments = ["doctor", "--socket", scratch.appending("none.sock"), "--data-dir", scratch.appending("d")]
        var environment = ProcessInfo.processInfo.environment
        environment["TOOLKIT_CONFIG"] = try config(ffmpegPath: "/nonexistent/ffmpeg", in: scratch)
        let result = try await runToolkit(arguments, environment: environment)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "warn  ffmpeg: ffmpeg is not found at /nonexistent/ffmpeg (the config's ffmpegPath); video posters "
                    + "and transcodes need it. Install it"), "\(result.stdout)")

        environment["TOOLKIT_CONFIG"] = try config(ffmpegPath: "/usr/bin/ffmpeg", in: scratch)
        let found = try await runToolkit(arguments, environment: environment)
        #expect(found.stdout.contains("ok    ffmpeg: /usr/bin/ffmpeg, version "), "\(found.stdout)")
    }

    @Test func aRelativeFFmpegPathIsABadConfiguration() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await runToolkit(
            [
                "serve", "--config", try config(ffmpegPath: "bin/ffmpeg", in: scratch), "--socket",
                scratch.appending("s.sock"), "--data-dir", scratch.appending("d"),
            ])
        #expect(result.status == 78)
        #expect(
            result.stderr.contains("ffmpegPath 'bin/ffmpeg' is relative; give an absolute path."), "\(result.stderr)")
    }

    @Test func theConfigBoundsTheRunsAtOnce() async throws {
        let scratch = try TemporaryDirectory()
        let config = try scratch.write("runs.json", Array(#"{"limits": {"ffmpegRuns": 0}}"#.utf8))
        let place = ["--socket", scratch.appending("s.sock"), "--data-dir", scratch.appending("d")]
        let refused = try await runToolkit(["serve", "--config", config] + place)
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("limits.ffmpegRuns must be between 1 and 64; it is 0."), "\(refused.stderr)")

        let server = try await InProcessServer { $0.limits.ffmpegRuns = 3 }
        #expect(server.core.ffmpeg.slots.count == 3)
        await server.stop()
    }

    @Test func theConfigBoundsEachRunsTimeAndMemory() async throws {
        let scratch = try TemporaryDirectory()
        let place = ["--socket", scratch.appending("s.sock"), "--data-dir", scratch.appending("d")]
        for (limits, refusal) in [
            (#"{"ffmpegSeconds": 0}"#, "limits.ffmpegSeconds must be between 1 and 86400; it is 0."),
            (#"{"ffmpegMemoryMiB": 64}"#, "limits.ffmpegMemoryMiB must be between 512 and 1048576; it is 64."),
        ] {
            let config = try scratch.write("limits.json", Array(#"{"limits": \#(limits)}"#.utf8))
            let refused = try await runToolkit(["serve", "--config", config] + place)
            #expect(refused.status == 78)
            #expect(refused.stderr.contains(refusal), "\(refused.stderr)")
        }

        let server = try await InProcessServer { $0.limits.ffmpegProcess = ProcessLimits(deadline: .seconds(5)) }
        #expect(server.core.ffmpeg.limits.deadline == .seconds(5))
        await server.stop()
    }
}
