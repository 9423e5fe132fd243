/// Records from an ALSA PCM into a 16- or 24-bit WAV file.
///
/// The WAV header is kept valid after every period, so stopping early, cancelling or even killing
/// the process leaves a file that plays. The blocking ALSA calls run on a thread of their own.
public struct Recording: Sendable {
    /// The ALSA PCM name to capture from.
    public var device: String
    /// Extra ALSA configuration text merged over the system's, or `nil`.
    public var configuration: String?
    /// The format to capture and write: ``SampleFormat/signed16`` or ``SampleFormat/signed24``.
    public var format: AudioFormat
    /// The buffer length asked of ALSA.
    public var latency: Duration

    /// Describes what to record.
    /// - Parameters:
    ///   - device: the ALSA PCM name.
    ///   - configuration: extra ALSA configuration text, or `nil` for the system's alone.
    ///   - format: rate, channels and sample format to capture and write.
    ///   - latency: the buffer length asked of ALSA.
    public init(
        device: String = "default", configuration: String? = nil,
        format: AudioFormat = AudioFormat(sampleFormat: .signed16, rate: 44_100, channels: 1),
        latency: Duration = .milliseconds(100)
    ) {
        self.device = device
        self.configuration = configuration
        self.format = format
        self.latency = latency
    }

    /// Records into `path` for `duration`, or until `stop` is set or the task is cancelled.
    /// - Parameters:
    ///   - path: the WAV file to write (replaced if it exists).
    ///   - duration: how long to record; `nil` records until stopped.
    ///   - stop: a signal that ends the recording after the current period.
    ///   - progress: called on the recording thread with the frames written so far, after each period.
    /// - Returns: what was recorded.
    /// - Throws: ``AudioError`` (`.invalidArgument` for a bad format or duration, `.io` for the file,
    ///   `.device` with ALSA's text); `CancellationError` when the task was cancelled (the file is
    ///   still finished and valid).
    public func record(
        to path: String, duration: Duration?, stop: StopSignal = StopSignal(),
        progress: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> RecordingReport {
        try format.validate()
        let limit: Int64?
        if let duration {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            guard seconds > 0, seconds <= 24 * 3600 else {
                throw AudioError(
                    .invalidArgument,
                    "a recording of \(seconds) s is out of range; use more than 0 and at most 24 hours")
            }
            limit = Int64((seconds * Double(format.rate)).rounded())
        } else {
            limit = nil
        }
        let settings = self
        let report = try await withTaskCancellationHandler {
            try await DeviceThread.runDetached(name: "audio-record") {
                let writer = try WAVWriter(path: path, format: settings.format)
                let pcm = try PCM(
                    name: settings.device, configuration: settings.configuration, direction: .capture,
                    format: settings.format, latency: settings.latency)
                return try Self.capture(from: pcm, into: writer, limit: limit, stop: stop, progress: progress)
            }
        } onCancel: {
            stop.stop()
        }
        try Task.checkCancellation()
        return report
    }

    /// The capture loop: read a period, append it to the WAV.
    static func capture(
        from pcm: PCM, into writer: WAVWriter, limit: Int64?, stop: StopSignal,
        progress: (@Sendable (Int64) -> Void)?
    ) throws -> RecordingReport {
        let frameBytes = writer.format.bytesPerFrame
        let chunkFrames = min(pcm.periodFrames, pcm.bufferFrames, 16_384)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkFrames * frameBytes, alignment: 16)
        defer { buffer.deallocate() }
        var frames: Int64 = 0
        do {
            while !stop.isStopped {
                let wanted = Int(min(Int64(chunkFrames), (limit ?? .max) - frames))
                if wanted <= 0 { break }
                let got = try pcm.read(into: buffer.baseAddress!, frames: wanted)
                try writer.write(UnsafeRawBufferPointer(rebasing: buffer[0..<got * frameBytes]))
                frames += Int64(got)
                progress?(frames)
            }
            pcm.drop()
            try writer.close()
        } catch {
            try? writer.close()
            throw error
        }
        return RecordingReport(
            format: writer.format, frames: frames, stopped: limit.map { frames < $0 } ?? true, overruns: pcm.xruns)
    }
}
