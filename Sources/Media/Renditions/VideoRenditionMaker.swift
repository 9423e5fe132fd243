package import FFmpeg
import ChildProcesses
import Foundation
import Glibc

/// Makes a browser-playable copy of a video with ffmpeg: an MP4 with `faststart` (the index before the
/// data, so a browser plays it while it downloads), by ``BrowserPlayability``: the streams copied when only
/// the container is wrong, else H.264 (`veryfast`, CRF 23, 4:2:0, the longest side at most 1920 pixels, even
/// sides) and AAC at 128 kbit/s, turned upright (ffmpeg applies the container's rotation when it decodes, and
/// the copy carries none).
package struct VideoRenditionMaker: Sendable {
    /// The longest side of a transcoded copy.
    package static let longestSide = 1920
    /// The media type of every copy.
    package static let mediaType = MediaType.mp4

    package let ffmpeg: FFmpeg

    package init(ffmpeg: FFmpeg) {
        self.ffmpeg = ffmpeg
    }

    /// What ffprobe says of the video at `path`, and what a browser makes of it.
    /// - Throws: ``MediaError`` `.thumbnailUnsupported` reason `no-ffmpeg` without ffmpeg, `.notMedia` when
    ///   ffprobe cannot read it; `CancellationError`.
    package func examine(fileAt path: String, mediaType: String) async throws -> (VideoProbe, BrowserPlayability) {
        let demuxer = try Self.demuxer(of: mediaType, path: path)
        let probe = try await Self.mapped(path, doing: "read") {
            try await ffmpeg.probe(.file(path, demuxer: demuxer))
        }
        return (probe, BrowserPlayability.of(probe, mediaType: mediaType))
    }

    /// Writes the copy of the video at `path` to `output` (an existing file, overwritten), reporting the
    /// share done (0–1) to `progress` about twice a second. The run takes none of ffmpeg's shared slots: the
    /// caller bounds how many copies are made at once (the core's rendition queue does), and a copy of many
    /// minutes must not keep posters and probes waiting.
    /// - Parameters:
    ///   - way: ``BrowserPlayability/remux`` or ``BrowserPlayability/transcode``.
    ///   - probe: What ``examine(fileAt:mediaType:)`` said; its duration bounds the run and measures progress.
    /// - Throws: ``MediaError`` as ``examine(fileAt:mediaType:)``, `.notMedia` reason `transcode-failed` with
    ///   ffmpeg's last words; `CancellationError` (ffmpeg is killed first).
    package func make(
        fileAt path: String, mediaType: String, probe: VideoProbe, way: BrowserPlayability, output: String,
        progress: @escaping @Sendable (Double) -> Void
    ) async throws {
        let demuxer = try Self.demuxer(of: mediaType, path: path)
        let threads = Self.threads(runs: ffmpeg.slots.count)
        let progressFile = output + ".progress"
        defer { unlink(progressFile) }
        let arguments =
            ["-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn"]
            + (way == .remux ? ["-c", "copy"] : Self.transcodeArguments(threads: threads))
            + ["-movflags", "+faststart", "-progress", "file:" + progressFile, "-f", "mp4", "-y", "file:" + output]
        let input = FFmpegInput.file(path, demuxer: demuxer, options: way == .remux ? [] : ["-threads", "\(threads)"])
        let watcher = Task {
            await Self.watch(progressFile, duration: probe.duration, report: progress)
        }
        defer { watcher.cancel() }
        _ = try await Self.mapped(path, doing: way == .remux ? "remux" : "transcode") {
            try await ffmpeg.run(input, output: arguments, limits: limits(for: probe, way: way), slot: .heldByCaller)
        }
        progress(1)
    }

    /// The encoder's arguments; `threads` for x264 and the decoder alike.
    static func transcodeArguments(threads: Int) -> [String] {
        let side = longestSide
        return [
            "-vf",
            "scale=w='min(\(side),iw)':h='min(\(side),ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-threads", "\(threads)",
            "-c:a", "aac", "-b:a", "128k", "-ac", "2",
        ]
    }

    /// Threads per transcode: the processors shared among the runs allowed at once, at most 4. x264 reserves
    /// memory per thread (frame buffers, lookahead, a malloc arena each): left to itself on a 16-processor
    /// machine it asks for 24 threads and a 4K source then fails under the runs' 1 GiB address-space limit
    /// (`malloc ... failed`), while 8 threads still fit.
    static func threads(runs: Int) -> Int {
        min(4, max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, runs)))
    }

    /// A transcode's limits: the runner's niceness, 2 GiB of address space (a 4K HEVC decoder's frames and
    /// x264's lookahead together pass 1 GiB, the limit of posters and probes), and a deadline from the
    /// duration: ten minutes plus 20 seconds a second of video, so a slow machine under load still finishes;
    /// an hour when the duration is unknown.
    func limits(for probe: VideoProbe, way: BrowserPlayability) -> ProcessLimits {
        var limits = ffmpeg.limits
        if way == .transcode { limits.memoryBytes = max(limits.memoryBytes, 2 << 30) }
        let seconds = probe.duration.map { 600 + 20 * min(max($0, 0), 24 * 3600) } ?? 3600
        limits.deadline = .seconds(Int(seconds))
        return limits
    }

    /// Reads ffmpeg's `-progress` file until cancelled, reporting `out_time_us` against `duration`.
    private static func watch(
        _ file: String, duration: Double?, report: @escaping @Sendable (Double) -> Void
    ) async {
        guard let duration, duration > 0 else { return }
        var last = -1.0
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            guard let microseconds = try? await BlockingIO.run({ Self.lastOutTime(in: file) }) else { continue }
            let share = min(max(Double(microseconds) / 1e6 / duration, 0), 0.99)
            if share > last {
                last = share
                report(share)
            }
        }
    }

    /// The last `out_time_us=` of a progress file, from its last 4 KiB.
    static func lastOutTime(in file: String) -> Int64? {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let end = lseek(descriptor, 0, SEEK_END)
        let start = max(0, end - 4096)
        var buffer = [UInt8](repeating: 0, count: Int(end - start))
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, start) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        let key = "out_time_us="
        return text.split(separator: "\n").reversed().lazy.compactMap { line -> Int64? in
            line.hasPrefix(key) ? Int64(line.dropFirst(key.count)) : nil
        }.first
    }

    private static func demuxer(of mediaType: String, path: String) throws -> String {
        guard let demuxer = MediaType.ffmpegDemuxer(of: mediaType) else {
            throw MediaError(
                .invalidArgument, "\(path) is \(mediaType), not a video", reason: "not-video", path: path)
        }
        return demuxer
    }

    /// Runs `body`, turning ffmpeg's errors into ``MediaError``s that name `path`.
    private static func mapped<T: Sendable>(
        _ path: String, doing what: String, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as FFmpegError where error.code == .notInstalled {
            throw MediaError(
                .thumbnailUnsupported, "browser-playable copies need ffmpeg: \(error.message)", reason: "no-ffmpeg")
        } catch let error as FFmpegError {
            throw MediaError(
                .notMedia, "ffmpeg could not \(what) \(path): \(error.message)", reason: "transcode-failed",
                path: path)
        }
    }
}
