import Foundation

/// What ffprobe (`-show_streams -show_format`, JSON) says of a video, reduced to what the diary keeps.
public struct VideoProbe: Sendable, Hashable {
    /// The container's duration in seconds, when it gives one.
    public var duration: Double?
    /// The first video stream's stored size, before ``rotation``.
    public var width: Int?
    public var height: Int?
    /// Degrees clockwise (0, 90, 180, 270) to turn the stored frames to show them upright, from the display
    /// matrix or the `rotate` tag.
    public var rotation: Int
    public var videoCodec: String?
    public var audioCodec: String?
    /// The first video stream's profile as ffprobe names it (`High`, `High 4:4:4 Predictive`, `Main 10`).
    public var videoProfile: String?
    /// The first video stream's pixel format (`yuv420p`, `yuv444p`, `yuv420p10le`).
    public var pixelFormat: String?
    /// Frames per second (`avg_frame_rate`, else `r_frame_rate`).
    public var frameRate: Double?
    /// The container's creation time as written: QuickTime's `com.apple.quicktime.creationdate` first, then
    /// `creation_time` of the container, then of the video stream.
    public var creationTime: String?

    /// The first video stream's pixel aspect ratio (`sample_aspect_ratio`), when not square or unknown.
    public var sampleAspectRatio: Double?

    /// The width a frame is shown at before any turn: the stored width stretched by ``sampleAspectRatio``, as an
    /// MP4's track header or a Matroska DisplayWidth gives it.
    public var shownWidth: Int? {
        guard let width else { return nil }
        return Int((Double(width) * (sampleAspectRatio ?? 1)).rounded())
    }

    /// The size as displayed: width and height swapped for a quarter turn.
    public var displayedSize: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        return rotation % 180 == 0 ? (width, height) : (height, width)
    }

    /// Reads ffprobe's JSON.
    /// - Throws: ``FFmpegError`` `.unreadableOutput` when it is not ffprobe's JSON.
    public init(json: [UInt8]) throws {
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: Data(json))
        } catch {
            throw FFmpegError(.unreadableOutput, "ffprobe's answer cannot be read: \(error)")
        }
        let video = raw.streams?.first { $0.codecType == "video" }
        let audio = raw.streams?.first { $0.codecType == "audio" }
        duration = raw.format?.duration.flatMap(Double.init) ?? video?.duration.flatMap(Double.init)
        width = video?.width
        height = video?.height
        videoCodec = video?.codecName
        audioCodec = audio?.codecName
        videoProfile = video?.profile
        pixelFormat = video?.pixelFormat
        frameRate = Self.rate(video?.averageFrameRate) ?? Self.rate(video?.frameRate)
        sampleAspectRatio = Self.rate(video?.sampleAspectRatio?.replacingOccurrences(of: ":", with: "/"))
            .flatMap { $0 == 1 ? nil : $0 }
        let matrix = video?.sideData?.compactMap(\.rotation).first.map { -$0 }
        let turn = matrix ?? video?.tags?["rotate"].flatMap(Double.init) ?? 0
        rotation = ((Int(turn.rounded()) % 360) + 360) % 360
        creationTime =
            raw.format?.tags?["com.apple.quicktime.creationdate"] ?? raw.format?.tags?["creation_time"]
            ?? video?.tags?["creation_time"]
    }

    /// `30000/1001` as 29.97; nil for `0/0`.
    private static func rate(_ text: String?) -> Double? {
        guard let parts = text?.split(separator: "/"), let top = parts.first.flatMap({ Double($0) }) else {
            return nil
        }
        let bottom = parts.count > 1 ? Double(parts[1]) ?? 0 : 1
        return bottom > 0 && top > 0 ? top / bottom : nil
    }

    /// ffprobe's JSON, as far as it is read.
    private struct Raw: Decodable {
        struct Stream: Decodable {
            struct SideData: Decodable { var rotation: Double? }
            var codecType: String?
            var codecName: String?
            var profile: String?
            var pixelFormat: String?
            var width: Int?
            var height: Int?
            var averageFrameRate: String?
            var frameRate: String?
            var sampleAspectRatio: String?
            var duration: String?
            var tags: [String: String]?
            var sideData: [SideData]?

            enum CodingKeys: String, CodingKey {
                case codecType = "codec_type"
                case codecName = "codec_name"
                case profile
                case pixelFormat = "pix_fmt"
                case width, height
                case averageFrameRate = "avg_frame_rate"
                case frameRate = "r_frame_rate"
                case sampleAspectRatio = "sample_aspect_ratio"
                case duration, tags
                case sideData = "side_data_list"
            }
        }
        struct Format: Decodable {
            var duration: String?
            var tags: [String: String]?
        }
        var streams: [Stream]?
        var format: Format?
    }
}
