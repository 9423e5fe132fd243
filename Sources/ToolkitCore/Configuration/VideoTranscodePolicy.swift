/// When the core makes a browser-playable copy (an H.264/AAC MP4) of a video: the config's `videoTranscode`.
public enum VideoTranscodePolicy: String, Sendable, Hashable, CaseIterable {
    /// Only for a video a browser cannot play as it is (HEVC, ProRes, most AVI); the default.
    case auto
    /// For every video, so all play alike.
    case always
    /// Never: the originals are served as they are.
    case never
}
