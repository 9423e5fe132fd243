/// A sound held decoded in memory with its device already opened and configured, so that
/// ``play(stop:)`` reaches the first written period within a few milliseconds.
///
/// The daemon keeps each pet's shutter sound prepared. Each prepared sound owns one device thread;
/// call ``close()`` when done with it.
public final class PreparedSound: Sendable {
    /// The most sample bytes a prepared sound holds (a shutter sound is well under a second).
    public static let maximumBytes = 64 << 20

    /// The format of the samples and of the device.
    public let format: AudioFormat
    /// The ALSA PCM name.
    public let device: String
    /// The samples, interleaved, little-endian.
    public let samples: [UInt8]
    private let thread: DeviceThread
    /// The configured PCM; only touched on `thread`.
    private let pcm: PCM

    /// Reads `path` into memory and opens `device` for it.
    /// - Parameters:
    ///   - path: a WAV file of at most ``maximumBytes`` of samples.
    ///   - device: the ALSA PCM name.
    ///   - configuration: extra ALSA configuration text, or `nil`.
    ///   - latency: the buffer length asked of ALSA.
    /// - Throws: ``AudioError`` for the file (`.malformedFile`, `.unsupportedFormat`, `.io`, or
    ///   `.invalidArgument` when it is too long) and for the device (`.device`).
    public convenience init(
        file path: String, device: String = "default", configuration: String? = nil,
        latency: Duration = .milliseconds(50)
    ) async throws {
        let (format, samples) = try await DeviceThread.runDetached(name: "audio-load") {
            let reader = try WAVReader(path: path)
            guard reader.info.dataByteCount <= Int64(Self.maximumBytes) else {
                throw AudioError(
                    .invalidArgument,
                    "\(path): \(reader.info.dataByteCount) bytes of samples are more than the "
                        + "\(Self.maximumBytes >> 20) MiB a prepared sound holds; play it with Playback instead")
            }
            return (reader.info.format, try reader.readBytes(maximumFrames: Int(reader.info.frameCount)))
        }
        try await self.init(
            samples: samples, format: format, device: device, configuration: configuration, latency: latency)
    }

    /// Holds `samples` and opens `device` for them.
    /// - Parameters:
    ///   - samples: interleaved little-endian samples in `format`, whole frames.
    ///   - format: their format.
    ///   - device: the ALSA PCM name.
    ///   - configuration: extra ALSA configuration text, or `nil`.
    ///   - latency: the buffer length asked of ALSA.
    /// - Throws: ``AudioError`` `.invalidArgument` for partial frames or too many bytes, `.device` with ALSA's text.
    public init(
        samples: [UInt8], format: AudioFormat, device: String = "default", configuration: String? = nil,
        latency: Duration = .milliseconds(50)
    ) async throws {
        try format.validate()
        guard samples.count % format.bytesPerFrame == 0, samples.count <= Self.maximumBytes else {
            throw AudioError(
                .invalidArgument,
                "\(samples.count) bytes are not whole \(format.bytesPerFrame)-byte frames "
                    + "of at most \(Self.maximumBytes >> 20) MiB"
            )
        }
        let thread = DeviceThread(name: "audio-prepared")
        do {
            self.pcm = try await thread.run {
                let pcm = try PCM(
                    name: device, configuration: configuration, direction: .playback, format: format, latency: latency)
                try pcm.prepare()
                return pcm
            }
        } catch {
            thread.shutdown()
            throw error
        }
        self.thread = thread
        self.format = format
        self.device = device
        self.samples = samples
    }

    deinit {
        thread.shutdown()
    }

    /// Plays the sound from the start, then readies the device for the next play.
    ///
    /// Plays of one prepared sound run one after another: a play started while another runs begins when
    /// that one ends (stop it with its ``StopSignal`` to restart the sound).
    /// - Parameters:
    ///   - stop: a signal that stops this play between two periods.
    ///   - firstPeriodWritten: called on the device thread once the first period has been written, with
    ///     that instant, so a caller can answer before the sound ends; not called when nothing was written.
    /// - Returns: what was played, with the instant the first period had been written.
    /// - Throws: ``AudioError`` `.device` with ALSA's text; `CancellationError` when cancelled.
    public func play(
        stop: StopSignal = StopSignal(), firstPeriodWritten: (@Sendable (ContinuousClock.Instant) -> Void)? = nil
    ) async throws -> PlaybackReport {
        let pcm = self.pcm
        let samples = self.samples
        let format = self.format
        let report = try await withTaskCancellationHandler {
            try await thread.run {
                try Self.play(samples, format: format, on: pcm, stop: stop, firstPeriodWritten: firstPeriodWritten)
            }
        } onCancel: {
            stop.stop()
        }
        try Task.checkCancellation()
        return report
    }

    /// Lets the device thread end once queued plays are done. The sound cannot be played afterwards.
    public func close() {
        thread.shutdown()
    }

    private static func play(
        _ samples: [UInt8], format: AudioFormat, on pcm: PCM, stop: StopSignal,
        firstPeriodWritten: (@Sendable (ContinuousClock.Instant) -> Void)?
    ) throws -> PlaybackReport {
        let frameBytes = format.bytesPerFrame
        let totalFrames = samples.count / frameBytes
        let chunk = max(pcm.periodFrames, 64)
        var written = 0
        var firstPeriod = FirstPeriodMark(firstPeriodWritten)
        try samples.withUnsafeBytes { (raw) throws in
            while written < totalFrames, !stop.isStopped {
                let frames = min(chunk, totalFrames - written)
                written += try pcm.write(raw.baseAddress! + written * frameBytes, frames: frames, stop: stop)
                firstPeriod.written()
            }
        }
        try pcm.finish(stop)
        try pcm.prepare()
        return PlaybackReport(
            format: format, framesWritten: Int64(written), stopped: stop.isStopped, underruns: pcm.xruns,
            firstPeriodWrittenAt: firstPeriod.instant)
    }
}
