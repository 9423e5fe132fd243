/// The shape of a stream of interleaved samples: sample format, frame rate and channel count.
public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
    /// How each sample is stored.
    public var sampleFormat: SampleFormat
    /// Frames per second (Hz).
    public var rate: Int
    /// Samples per frame.
    public var channels: Int

    /// Makes a format.
    /// - Parameters:
    ///   - sampleFormat: how each sample is stored.
    ///   - rate: frames per second.
    ///   - channels: samples per frame.
    public init(sampleFormat: SampleFormat, rate: Int, channels: Int) {
        self.sampleFormat = sampleFormat
        self.rate = rate
        self.channels = channels
    }

    /// Bytes one frame (one sample of every channel) takes.
    public var bytesPerFrame: Int { sampleFormat.bytesPerSample * channels }

    /// The highest rate accepted anywhere in this module, in Hz.
    public static let maximumRate = 768_000
    /// The highest channel count accepted anywhere in this module.
    public static let maximumChannels = 64

    /// Checks that rate and channels are in range.
    /// - Throws: ``AudioError`` `.invalidArgument` naming the bad value.
    public func validate() throws {
        guard (1...Self.maximumRate).contains(rate) else {
            throw AudioError(.invalidArgument, "rate \(rate) Hz is out of range; use 1 to \(Self.maximumRate) Hz")
        }
        guard (1...Self.maximumChannels).contains(channels) else {
            throw AudioError(
                .invalidArgument, "\(channels) channels is out of range; use 1 to \(Self.maximumChannels)")
        }
    }

    public var description: String {
        let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels"
        return "\(sampleFormat), \(rate) Hz, \(layout)"
    }
}
