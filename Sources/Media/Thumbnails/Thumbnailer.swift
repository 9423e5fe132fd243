import ChildProcesses
import CVipsShim
package import FFmpeg
import Foundation
import Glibc

/// Makes JPEG thumbnails of photos with libvips: the longest side at most `size` pixels, turned upright
/// from the EXIF orientation, never enlarged, metadata stripped. A video's thumbnail is its poster: a
/// representative frame that ffmpeg picks among frames spread over the clip (its `thumbnail` filter, so neither a
/// black first frame nor one of a clip's dark first seconds), turned upright
/// by the container's rotation, then made a thumbnail as a photo is.
///
/// libvips blocks while it decodes, so every call runs on ``BlockingIO``, never on the cooperative
/// pool. libvips is started once per process, with its untrusted loaders blocked, a small operation
/// cache and ``Configuration/vipsThreads`` worker threads. Its errors come back in the thrown error, never on
/// stderr.
package struct Thumbnailer: Sendable {
    /// How thumbnails are made.
    package struct Configuration: Sendable {
        /// JPEG quality, 1–100.
        package var quality: Int
        /// Worker threads libvips may use per image (set once, at the first thumbnail of the process).
        package var vipsThreads: Int

        /// Makes a configuration.
        /// - Parameters:
        ///   - quality: JPEG quality, 1–100 (default 80).
        ///   - vipsThreads: libvips worker threads (default 1: the daemon runs requests in parallel instead).
        package init(quality: Int = 80, vipsThreads: Int = 1) {
            self.quality = quality
            self.vipsThreads = vipsThreads
        }
    }

    /// The smallest and largest thumbnail sizes; requests are clamped to this range.
    package static let sizeRange = 16...2048
    /// The media types this system can make thumbnails of.
    package static let supportedTypes: Set<String> = [MediaType.jpeg, MediaType.png, MediaType.gif, MediaType.webp]

    /// How thumbnails are made.
    package let configuration: Configuration
    /// ffmpeg, for videos' posters; nil: videos have no thumbnail.
    package let ffmpeg: FFmpeg?

    /// Makes a thumbnailer.
    package init(configuration: Configuration = Configuration(), ffmpeg: FFmpeg? = nil) {
        self.configuration = configuration
        self.ffmpeg = ffmpeg
    }

    /// A JPEG thumbnail of the photo at `path`, whose longest side is `size` clamped to ``sizeRange``
    /// (smaller when the photo is smaller: never enlarged).
    /// - Parameters:
    ///   - path: A regular file; the blob path of a photo, typically.
    ///   - size: The longest side in pixels.
    ///   - mediaType: The photo's sniffed type (from ``MediaInspector``).
    ///   - durationSeconds: A video's length, over which its poster's candidates are spread; without it they
    ///     are the clip's first frames.
    /// - Throws: `MediaError.thumbnailUnsupported` for videos and HEIC (with the reason),
    ///   `MediaError.unreadable` for a bad path, `MediaError.notMedia` when libvips cannot decode the
    ///   file (with libvips's message).
    package func thumbnail(
        ofFileAt path: String, size: Int, mediaType: String, durationSeconds: Double? = nil
    ) async throws -> [UInt8] {
        if let ffmpeg, let demuxer = MediaType.ffmpegDemuxer(of: mediaType) {
            return try await poster(
                ofFileAt: path, size: size, demuxer: demuxer,
                sampling: PosterSampling(durationSeconds: durationSeconds),
                ffmpeg: ffmpeg)
        }
        try Self.checkSupported(mediaType)
        let configuration = self.configuration
        return try await BlockingIO.run {
            try Self.makeThumbnail(path: path, size: size, configuration: configuration)
        }
    }

    /// The poster of the video at `path`: ffmpeg writes its representative frame, upright (ffmpeg applies the
    /// container's rotation when it decodes), as a JPEG of at most 2048 pixels into a temp file, which becomes
    /// a thumbnail as a photo does. A smaller frame keeps its size: never enlarged, as a photo is not. The frames
    /// are scaled before the `thumbnail` filter keeps its candidates (``PosterSampling``), so a 4K clip's fit in the
    /// run's memory limit (50 frames of 3840 × 2160 take 600 MiB, of 2048 × 1152 under 180). The clip is decoded on
    /// two threads and the one JPEG encoded on one: ffmpeg would start a thread per processor, each holding frames
    /// and a stack that count against that limit too (a 4K H.264 clip decoded on 16 threads does not fit in 1 GiB).
    private func poster(
        ofFileAt path: String, size: Int, demuxer: String, sampling: PosterSampling, ffmpeg: FFmpeg
    ) async throws -> [UInt8] {
        let frame = FileManager.default.temporaryDirectory.appendingPathComponent("toolkit-poster-\(UUID()).jpg").path
        defer { unlink(frame) }
        let output: ProcessOutput
        do {
            output = try await ffmpeg.run(
                .file(path, demuxer: demuxer, options: sampling.inputOptions + ["-threads", "2"]),
                output: [
                    "-an", "-sn", "-vf",
                    sampling.selection
                        + "scale=w='min(2048,iw)':h='min(2048,ih)':force_original_aspect_ratio=decrease:"
                        + "force_divisible_by=2,thumbnail=\(sampling.candidates)",
                    "-frames:v", "1", "-c:v", "mjpeg", "-threads", "1", "-q:v", "2", "-f", "image2", "-y", frame,
                ])
        } catch let error as FFmpegError where error.code == .notInstalled {
            throw MediaError(
                .thumbnailUnsupported, "thumbnails of videos need ffmpeg: \(error.message)", reason: "no-ffmpeg")
        } catch let error as FFmpegError {
            throw MediaError(
                .notMedia, "ffmpeg could not take a poster frame from \(path): \(error.message)",
                reason: error.code == .timedOut ? "timed-out" : "decode-failed", path: path)
        }
        // ffmpeg may end well having written nothing, as when no frame could be allocated.
        guard let written = try? FileManager.default.attributesOfItem(atPath: frame)[.size] as? Int, written > 0
        else {
            let reason = output.failureSummary
            throw MediaError(
                .notMedia,
                "ffmpeg found no frame to make a poster of in \(path)\(reason.isEmpty ? "" : ": " + reason)",
                reason: "decode-failed", path: path)
        }
        let configuration = self.configuration
        return try await BlockingIO.run {
            try Self.makeThumbnail(path: frame, size: size, configuration: configuration)
        }
    }

    /// Throws unless ``supportedTypes`` holds `mediaType`, explaining why.
    static func checkSupported(_ mediaType: String) throws {
        guard !supportedTypes.contains(mediaType) else { return }
        let why: String
        if MediaType.isVideo(mediaType) {
            why = "thumbnails of videos need ffmpeg, which the core was not given"
        } else if mediaType == MediaType.heic {
            why = "thumbnails of HEIC photos need libvips with libheif, and this system's libvips has no HEIF loader"
        } else {
            why = "thumbnails of \(mediaType) content are not supported"
        }
        throw MediaError(.thumbnailUnsupported, why, reason: "unsupported-\(mediaType)")
    }

    private static func makeThumbnail(path: String, size: Int, configuration: Configuration) throws -> [UInt8] {
        try VipsRuntime.start(threads: configuration.vipsThreads)
        let (file, _) = try OpenFile.openRegularForReading(path)
        let side = Int32(min(max(size, sizeRange.lowerBound), sizeRange.upperBound))
        let quality = Int32(min(max(configuration.quality, 1), 100))
        var output: UnsafeMutableRawPointer?
        var length = 0
        let result = toolkit_vips_thumbnail_jpeg(file.descriptor, side, quality, &output, &length)
        defer { toolkit_vips_free(output) }
        guard result == 0, let output else {
            let detail = VipsRuntime.takeError()
            throw MediaError(
                .notMedia, "could not make a thumbnail of \(path): \(detail.isEmpty ? "libvips failed" : detail)",
                reason: "decode-failed", path: path)
        }
        return Array(UnsafeRawBufferPointer(start: output, count: length))
    }
}
