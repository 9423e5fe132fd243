/// What one ffmpeg or ffprobe run reads, as the arguments that make it read only that.
public struct FFmpegInput: Sendable, Hashable {
    /// The input's arguments, `-i` and its operand last.
    public let arguments: [String]

    /// A file of outside input (a blob): only the `file` protocol is allowed and the demuxer is forced from
    /// the type the caller sniffed (`mp4`, `mov`, `matroska`, `webm`, `avi`), so a playlist posing as a video
    /// cannot make ffmpeg open URLs or other local files. `options` go before the input (`-ss 3`).
    public static func file(_ path: String, demuxer: String, options: [String] = []) -> FFmpegInput {
        FFmpegInput(arguments: options + ["-protocol_whitelist", "file", "-f", demuxer, "-i", "file:" + path])
    }

    /// A lavfi filter graph (`testsrc=size=64x48:rate=10`): generated frames, no file; tests and benchmarks
    /// use it as a camera.
    public static func generated(_ graph: String, options: [String] = []) -> FFmpegInput {
        FFmpegInput(arguments: options + ["-f", "lavfi", "-i", graph])
    }
}
