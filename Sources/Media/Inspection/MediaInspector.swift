import Foundation
import Glibc

/// Finds out what a photo or video is from its bytes, never its file name: the media type, stored
/// pixel size, orientation, when it was taken and, for videos, the duration.
///
/// Only headers are read: JPEG segments up to the frame header, the first PNG/GIF/WebP chunk, and for
/// MP4/MOV/HEIC the boxes that matter, for WebM/Matroska the elements before the first cluster and for AVI
/// the chunks before `movi`, found by seeking (a 2 GB video costs a few small reads). Hostile
/// input is expected: every offset and count is checked, tables and box walks are capped, and anything
/// that does not hold together throws `MediaError.notMedia` with a `reason`.
package struct MediaInspector: Sendable {
    /// Makes an inspector.
    package init() {}

    /// Inspects the regular file at `path`; when the content carries no date, `takenAt` is the file's
    /// modification time (`takenAtSource == .file`). Runs off the cooperative pool.
    /// - Throws: `MediaError.unreadable` for a missing, forbidden or non-regular path (a directory, a
    ///   FIFO, a device), `MediaError.notMedia` for content that is not a supported photo or video.
    package func inspect(fileAt path: String) async throws -> MediaInfo {
        try await BlockingIO.run { try inspectNow(fileAt: path) }
    }

    /// Inspects bytes in memory; `takenAt` stays `nil` when they carry no date.
    /// - Throws: `MediaError.notMedia`.
    package func inspect(bytes: [UInt8]) throws -> MediaInfo {
        try inspect(MemoryByteSource(bytes: bytes))
    }

    /// The MIME type of content beginning with `prefix` (64 bytes suffice), without parsing further.
    /// - Throws: `MediaError.notMedia` for empty or unknown content.
    package static func mediaType(ofPrefix prefix: [UInt8]) throws -> String {
        try ContentSniffer.sniff(prefix)
    }

    /// The blocking body of ``inspect(fileAt:)``.
    func inspectNow(fileAt path: String) throws -> MediaInfo {
        let (file, status) = try OpenFile.openRegularForReading(path)
        var info: MediaInfo
        do {
            info = try inspect(FileByteSource(file: file, size: Int64(status.st_size)))
        } catch var error as MediaError {
            error.path = path
            throw error
        }
        if info.takenAt == nil {
            let seconds = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
            info.takenAt = Date(timeIntervalSince1970: seconds)
            info.takenAtSource = .file
        }
        return info
    }

    func inspect(_ source: some ByteSource) throws -> MediaInfo {
        let prefix = try source.read(at: 0, count: ContentSniffer.prefixLength)
        var info = MediaInfo(mediaType: try ContentSniffer.sniff(prefix))
        switch info.mediaType {
        case MediaType.jpeg: try JPEGHeader.read(source, into: &info)
        case MediaType.png: try PNGHeader.read(source, into: &info)
        case MediaType.gif: try GIFHeader.read(source, into: &info)
        case MediaType.webp: try WebPHeader.read(source, into: &info)
        case MediaType.heic: try HEIFHeader.read(source, into: &info)
        case MediaType.webm, MediaType.matroska: try MatroskaHeader.read(source, into: &info)
        case MediaType.avi: try AVIHeader.read(source, into: &info)
        default: try MovieHeader.read(source, into: &info)
        }
        try ImageDataCheck.verify(source, info)
        return info
    }
}
