/// Plays WAV files to an ALSA PCM, streaming them a period at a time from disk.
///
/// The blocking ALSA calls run on a thread of their own. The `plug` layer of the PCM (the default for
/// `default` and most names) converts the file's rate and format to what the device accepts.
public struct Playback: Sendable {
    /// The ALSA PCM name: `default`, `null`, `file:'/tmp/out.raw',raw`, a name from `.asoundrc`, ….
    public var device: String
    /// Extra ALSA configuration text merged over the system's (e.g. a `pcm.name { … }` definition), or `nil`.
    public var configuration: String?
    /// The buffer length asked of ALSA.
    public var latency: Duration

    /// Describes where to play.
    /// - Parameters:
    ///   - device: the ALSA PCM name.
    ///   - configuration: extra ALSA configuration text, or `nil` for the system's alone.
    ///   - latency: the buffer length asked of ALSA.
    public init(device: String = "default", configuration: String? = nil, latency: Duration = .milliseconds(100)) {
        self.device = device
        self.configuration = configuration
        self.latency = latency
    }

    /// Plays `path` to the end, or until `stop` is set or the task is cancelled.
    ///
    /// Memory stays at one period's buffer however long the file is.
    /// - Parameters:
    ///   - path: a WAV file.
    ///   - stop: a signal that stops playback between two periods.
    ///   - firstPeriodWritten: called on the playing thread once the first period has been written, with that
    ///     instant, so a caller can learn that playback started; not called when nothing was written.
    /// - Returns: what was played.
    /// - Throws: ``AudioError`` (`.malformedFile`, `.unsupportedFormat`, `.io` for the file;
    ///   `.device` with ALSA's text for the PCM); `CancellationError` when the task was cancelled.
    public func play(
        file path: String, stop: StopSignal = StopSignal(),
        firstPeriodWritten: (@Sendable (ContinuousClock.Instant) -> Void)? = nil
    ) async throws -> PlaybackReport {
        let device = self.device
        let configuration = self.configuration
        let latency = self.latency
        let report = try await withTaskCancellationHandler {
            try await DeviceThread.runDetached(name: "audio-play") {
                let reader = try WAVReader(path: path)
                let pcm = try PCM(
                    name: device, configuration: configuration, direction: .playback, format: reader.info.format,
                    latency: latency)
                return try Self.stream(reader, to: pcm, stop: stop, firstPeriodWritten: firstPeriodWritten)
            }
        } onCancel: {
            stop.stop()
        }
        try Task.checkCancellation()
        return report
    }

    /// The playback loop: read a period, write a period.
    static func stream(
        _ reader: WAVReader, to pcm: PCM, stop: StopSignal,
        firstPeriodWritten: (@Sendable (ContinuousClock.Instant) -> Void)? = nil
    ) throws -> PlaybackReport {
        let frameBytes = reader.info.format.bytesPerFrame
        let chunkFrames = min(max(pcm.periodFrames, 256), 16_384)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkFrames * frameBytes, alignment: 16)
        defer { buffer.deallocate() }
        var written: Int64 = 0
        var firstPeriod = FirstPeriodMark(firstPeriodWritten)
        while !stop.isStopped {
            let frames = try reader.read(into: buffer)
            if frames == 0 { break }
            written += Int64(try pcm.write(buffer.baseAddress!, frames: frames, stop: stop))
            firstPeriod.written()
        }
        try pcm.finish(stop)
        return PlaybackReport(
            format: reader.info.format, framesWritten: written, stopped: stop.isStopped, underruns: pcm.xruns,
            firstPeriodWrittenAt: firstPeriod.instant)
    }
}
