/// What a WAV file's header says, after checking: the format to play, where the samples are, and
/// anything odd that was tolerated.
public struct WAVInfo: Sendable, Hashable {
    /// The sample format, rate and channel count of the data chunk.
    public var format: AudioFormat
    /// The `wFormatTag` of the fmt chunk (1 PCM, 3 float, 0xFFFE extensible).
    public var formatTag: Int
    /// For `WAVE_FORMAT_EXTENSIBLE`, the sub-format's tag (1 PCM or 3 float).
    public var subFormatTag: Int?
    /// For `WAVE_FORMAT_EXTENSIBLE`, how many bits of each container are significant.
    public var validBitsPerSample: Int?
    /// For `WAVE_FORMAT_EXTENSIBLE`, the speaker positions bit mask.
    public var channelMask: Int64?
    /// Where the first sample starts in the file.
    public var dataOffset: Int64
    /// How many bytes of samples will be read: whole frames only, never past the end of the file.
    public var dataByteCount: Int64
    /// The chunk identifiers in file order, e.g. `["fmt ", "LIST", "data"]`.
    public var chunks: [String]
    /// Oddities that were tolerated (wrong RIFF size, streaming data size, partial last frame, …).
    public var notes: [String]

    /// Whether the fmt chunk is `WAVE_FORMAT_EXTENSIBLE`.
    public var isExtensible: Bool { formatTag == 0xFFFE }

    /// Number of whole frames in the data chunk.
    public var frameCount: Int64 { dataByteCount / Int64(format.bytesPerFrame) }

    /// Length in seconds.
    public var duration: Double { Double(frameCount) / Double(format.rate) }
}
