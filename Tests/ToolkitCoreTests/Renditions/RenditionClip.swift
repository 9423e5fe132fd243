import FFmpeg
import Foundation
import Testing
import ToolkitTestSupport

/// Clips with sound made by ffmpeg for the browser-copy tests, and what ffprobe says of a copy.
enum RenditionClip {
    /// A `seconds`-long clip `name` (its extension names the container) of a `width`×`height` test pattern and
    /// a tone, encoded with `videoArguments` (`-c:v libx265 …`) and `audioCodec`; turned a quarter by its
    /// container when `turned`.
    static func make(
        _ name: String, video videoArguments: [String], audioCodec: String = "aac", width: Int = 128,
        height: Int = 96, rate: Int = 10, seconds: Int = 1, turned: Bool = false, in directory: TemporaryDirectory
    ) async throws -> String {
        let plain = try await TestClip.make(
            (turned ? "plain-" : "") + name,
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=\(rate)", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=44100", "-t", "\(seconds)",
            ] + videoArguments + ["-c:a", audioCodec],
            in: directory)
        guard turned else { return plain }
        return try await TestClip.make(
            name, arguments: ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90"], in: directory)
    }

    /// An HEVC clip in a QuickTime movie, as a phone records it.
    static func hevcMovie(turned: Bool = false, in directory: TemporaryDirectory) async throws -> String {
        try await make(
            "walk.mov",
            video: ["-c:v", "libx265", "-x265-params", "log-level=error:pools=1:frame-threads=1", "-tag:v", "hvc1"],
            turned: turned, in: directory)
    }

    /// 30 s of MPEG-4 part 2 in AVI at 960×540: long enough to be caught while it is transcoded.
    static func longAVI(in directory: TemporaryDirectory) async throws -> String {
        try await make(
            "long.avi", video: ["-c:v", "mpeg4", "-q:v", "8", "-threads", "1"], audioCodec: "pcm_s16le", width: 960,
            height: 540, rate: 25, seconds: 30, in: directory)
    }

    /// What ffprobe says of the file at `path`: its first video stream's codec, size and rotation, its first
    /// audio stream's codec, and whether the index (`moov`) comes before the data (`mdat`).
    struct Probe {
        var videoCodec: String?
        var audioCodec: String?
        var width: Int?
        var height: Int?
        var rotated: Bool
        var faststart: Bool
    }

    static func probe(_ path: String) async throws -> Probe {
        let result = try await Command.run(
            "/usr/bin/env",
            ["ffprobe", "-v", "error", "-print_format", "json", "-show_streams", "-show_format", path])
        let probe = try VideoProbe(json: Array(result.stdout.utf8))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let moov = bytes.firstRange(of: Array("moov".utf8))?.lowerBound
        let mdat = bytes.firstRange(of: Array("mdat".utf8))?.lowerBound
        return Probe(
            videoCodec: probe.videoCodec, audioCodec: probe.audioCodec, width: probe.width, height: probe.height,
            rotated: probe.rotation != 0, faststart: moov != nil && mdat != nil && moov! < mdat!)
    }
}
