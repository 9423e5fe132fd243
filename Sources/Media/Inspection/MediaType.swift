/// The MIME types ``MediaInspector`` recognises.
package enum MediaType {
    /// JPEG (JFIF or EXIF).
    package static let jpeg = "image/jpeg"
    /// PNG.
    package static let png = "image/png"
    /// GIF (87a or 89a).
    package static let gif = "image/gif"
    /// WebP (lossy, lossless or extended).
    package static let webp = "image/webp"
    /// HEIC/HEIF still images (an ISOBMFF file with a `heic`, `mif1`, … brand).
    package static let heic = "image/heic"
    /// MPEG-4 video (an ISOBMFF file with an `isom`, `mp42`, … brand).
    package static let mp4 = "video/mp4"
    /// QuickTime movie.
    package static let quickTime = "video/quicktime"
    /// WebM video (an EBML file whose DocType is `webm`).
    package static let webm = "video/webm"
    /// Matroska video (an EBML file whose DocType is `matroska`).
    package static let matroska = "video/x-matroska"
    /// AVI video (a RIFF file of form `AVI `).
    package static let avi = "video/x-msvideo"

    /// Whether `mediaType` is a video type.
    package static func isVideo(_ mediaType: String) -> Bool { mediaType.hasPrefix("video/") }

    /// The ffmpeg demuxer that reads `mediaType`, which a run forces so that a file cannot pose as another
    /// format (a playlist posing as a video); nil for a type that is not a video.
    package static func ffmpegDemuxer(of mediaType: String) -> String? {
        switch mediaType {
        case mp4, quickTime: "mov"
        case webm, matroska: "matroska"
        case avi: "avi"
        default: nil
        }
    }

    /// The usual file name extension (without the dot) for `mediaType`; `bin` for a type not known here.
    package static func fileExtension(of mediaType: String) -> String {
        switch mediaType {
        case jpeg: "jpg"
        case png: "png"
        case gif: "gif"
        case webp: "webp"
        case heic: "heic"
        case mp4: "mp4"
        case quickTime: "mov"
        case webm: "webm"
        case matroska: "mkv"
        case avi: "avi"
        default: "bin"
        }
    }
}
