/// What a recording did.
public struct RecordingReport: Sendable, Hashable {
    /// The format of the WAV written.
    public var format: AudioFormat
    /// Frames written to the WAV file.
    public var frames: Int64
    /// Whether it was stopped before the requested length.
    public var stopped: Bool
    /// Overruns recovered from.
    public var overruns: Int

    /// Length of the recording in seconds.
    public var duration: Double { Double(frames) / Double(format.rate) }
}
