import CVipsShim
import Glibc

/// Makes JPEG thumbnails of photos with libvips: the longest side at most `size` pixels, turned upright
/// from the EXIF orientation, never enlarged, metadata stripped.
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

    /// Makes a thumbnailer.
    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A JPEG thumbnail of the photo at `path`, whose longest side is `size` clamped to ``sizeRange``
    /// (smaller when the photo is smaller: never enlarged).
    /// - Parameters:
    ///   - path: A regular file; the blob path of a photo, typically.
    ///   - size: The longest side in pixels.
    ///   - mediaType: The photo's sniffed type (from ``MediaInspector``).
    /// - Throws: `MediaError.thumbnailUnsupported` for videos and HEIC (with the reason),
    ///   `MediaError.unreadable` for a bad path, `MediaError.notMedia` when libvips cannot decode the
    ///   file (with libvips's message).
    package func thumbnail(ofFileAt path: String, size: Int, mediaType: String) async throws -> [UInt8] {
        try Self.checkSupported(mediaType)
        let configuration = self.configuration
        return try await BlockingIO.run {
            try Self.makeThumbnail(path: path, size: size, configuration: configuration)
        }
    }

    /// Throws unless ``supportedTypes`` holds `mediaType`, explaining why.
    static func checkSupported(_ mediaType: String) throws {
        guard !supportedTypes.contains(mediaType) else { return }
        let why: String
        if MediaType.isVideo(mediaType) {
            why = "thumbnails of videos need a video decoder (ffmpeg), which this system does not have"
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
