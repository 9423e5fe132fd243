/// What a WAV file's header says, after checking: the format to play, where the samples are, and
/// anything odd that was tolerated.
public struct WAVInfo: Sendable, Hashable {
    /// The sample format, rate and channel count of the data chunk.
    public var format: AudioFormat
    /// The `wFormatTag` of the fmt chunk (1 PCM, 3 float, 0xFFFE extensible).
    public var formatTag: Int
    /// For `WAVE_FORMAT_EXTENSIBLE`, the sub-format's tag (1 PCM or 3 float).
    public var subFormatTag: Int?
    /// How many bits of each container are significant: for `WAVE_FORMAT_EXTENSIBLE`, as its fmt chunk says
    /// (never more than the container); for plain PCM in wider containers (``samplesAreLowAligned``), 24.
    public var validBitsPerSample: Int?
    /// For `WAVE_FORMAT_EXTENSIBLE`, the speaker positions bit mask.
    public var channelMask: Int64?
    /// Whether the file stores 24-bit samples in the low 3 bytes of 4-byte containers (plain PCM with 24
    /// bits per sample and a block align of 4 bytes per channel, as `arecord -f S24_LE` writes). ``format``
    /// is then 32-bit PCM: the reader moves each sample to the top of its container and drops the byte above
    /// it.
    public var samplesAreLowAligned: Bool
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
