package import FFmpeg

/// Whether a browser's `<video>` plays a video as it is, and if not, the cheapest way to a copy it plays.
///
/// Browsers play MP4 with H.264 (or VP9, AV1) video and AAC, MP3 or Opus sound, and WebM with VP8, VP9 or
/// AV1 and Opus or Vorbis; not HEVC, ProRes, MPEG-4 part 2, Motion JPEG, nor the MOV, Matroska or AVI
/// containers. H.264 with AAC (or silence) in one of those containers only needs a new container. Browsers decode
/// H.264 only in 8-bit 4:2:0 (the Baseline, Main and High profiles): High 10, High 4:2:2 and High 4:4:4, which
/// cameras and ffmpeg's own defaults write, need a new encoding whatever the container.
package enum BrowserPlayability: String, Sendable, Hashable {
    /// Plays as it is.
    case playable
    /// The streams play, the container does not: copy them into MP4 (`-c copy`), no decoding.
    case remux
    /// Decode and encode anew as H.264 and AAC in MP4.
    case transcode

    /// What a browser makes of a video that ffprobe described as `probe`, of the sniffed type `mediaType`.
    package static func of(_ probe: VideoProbe, mediaType: String) -> BrowserPlayability {
        let video = probe.videoCodec
        let audio = probe.audioCodec
        if video == "h264", !decodable(h264: probe) { return .transcode }
        switch mediaType {
        case MediaType.mp4:
            if ["h264", "vp9", "av1"].contains(video), [nil, "aac", "mp3", "opus"].contains(audio) {
                return .playable
            }
        case MediaType.webm:
            if ["vp8", "vp9", "av1"].contains(video), [nil, "opus", "vorbis"].contains(audio) { return .playable }
        default:
            break
        }
        return video == "h264" && [nil, "aac"].contains(audio) ? .remux : .transcode
    }

    /// The pixel formats of 8-bit 4:2:0, the only H.264 browsers decode.
    static let decodablePixelFormats: Set<String> = ["yuv420p", "yuvj420p"]

    /// Whether a browser decodes this H.264 stream: 8-bit 4:2:0 by its pixel format, else by its profile (High
    /// 10, 4:2:2 and 4:4:4 are not); one ffprobe says nothing of is taken to play.
    static func decodable(h264 probe: VideoProbe) -> Bool {
        if let format = probe.pixelFormat { return decodablePixelFormats.contains(format) }
        guard let profile = probe.videoProfile else { return true }
        return !["High 10", "High 4:2:2", "High 4:4:4"].contains { profile.hasPrefix($0) }
    }
}
