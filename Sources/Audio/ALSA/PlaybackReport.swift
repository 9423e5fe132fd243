/// What a playback did.
public struct PlaybackReport: Sendable, Hashable {
    /// The format sent to the device (the plug layer converted it if the device wanted another).
    public var format: AudioFormat
    /// Frames handed to ALSA.
    public var framesWritten: Int64
    /// Whether it was stopped before the end.
    public var stopped: Bool
    /// Underruns recovered from.
    public var underruns: Int
    /// When the first period had been written to the device, if one was.
    public var firstPeriodWrittenAt: ContinuousClock.Instant?
}
