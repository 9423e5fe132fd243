/// The shutter sounds that come with the toolkit, synthesised by code: the same bytes on every
/// machine, each under a second, peaking at -1 dBFS and faded at both ends.
public enum BuiltinSound: String, CaseIterable, Sendable {
    /// A squeaky toy: two rubbery squeaks gliding up and down.
    case squeak
    /// A rising "wheet" whistle.
    case whistle
    /// A small bell: inharmonic partials that ring out.
    case bell
    /// A training clicker: a sharp click-clack.
    case clicker
    /// A bird's chirp: three quick upward tweets.
    case chirp

    /// The format every built-in sound is rendered in: 16-bit mono at 44.1 kHz.
    public static let format = AudioFormat(sampleFormat: .signed16, rate: 44_100, channels: 1)

    /// Looks a sound up by name.
    /// - Parameter name: one of `squeak`, `whistle`, `bell`, `clicker`, `chirp`.
    /// - Throws: ``AudioError`` `.unknownSound` listing the names there are.
    public init(named name: String) throws {
        guard let sound = BuiltinSound(rawValue: name.lowercased()) else {
            let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw AudioError(
                .unknownSound, "there is no built-in sound named \"\(name)\"; the built-in sounds are \(names)")
        }
        self = sound
    }

    /// A one-line description for listings.
    public var summary: String {
        switch self {
        case .squeak: "a squeaky toy: two rubbery squeaks"
        case .whistle: "a rising whistle"
        case .bell: "a small bell ringing out"
        case .clicker: "a training clicker's click-clack"
        case .chirp: "three quick bird tweets"
        }
    }

    /// The sound's samples (mono, 16-bit, 44.1 kHz).
    public func samples() -> [Int16] {
        let rate = Self.format.rate
        switch self {
        case .squeak:
            var synth = Synthesizer(rate: rate, seconds: 0.42)
            for start in [0.0, 0.22] {
                synth.tone(
                    start: start, length: 0.18, harmonics: [1, 0.45, 0.25, 0.1],
                    frequency: { p in
                        let glide = p < 0.4 ? 1_300 + 1_400 * p / 0.4 : 2_700 - 900 * (p - 0.4) / 0.6
                        return glide * (1 + 0.03 * Synthesizer.sine(turns: p * 0.18 * 28))
                    },
                    amplitude: { p in min(1, p / 0.08) * min(1, (1 - p) / 0.2) })
            }
            return synth.render()
        case .whistle:
            var synth = Synthesizer(rate: rate, seconds: 0.6)
            synth.tone(
                start: 0, length: 0.6, harmonics: [1, 0.05],
                frequency: { p in (1_800 + 1_000 * p * p) * (1 + 0.01 * Synthesizer.sine(turns: p * 0.6 * 6)) },
                amplitude: { p in min(1, p / 0.06) * min(1, (1 - p) / 0.15) })
            return synth.render(fadeIn: 0.01, fadeOut: 0.05)
        case .bell:
            var synth = Synthesizer(rate: rate, seconds: 0.9)
            let partials: [(ratio: Double, amplitude: Double, decay: Double)] = [
                (1, 1, 0.35), (2, 0.5, 0.25), (2.76, 0.35, 0.15), (5.4, 0.2, 0.08), (8.93, 0.1, 0.04),
            ]
            for partial in partials {
                synth.partial(
                    start: 0, frequency: 1_320 * partial.ratio, amplitude: partial.amplitude, attack: 0.002,
                    decay: partial.decay)
            }
            return synth.render(fadeIn: 0.002, fadeOut: 0.08)
        case .clicker:
            var synth = Synthesizer(rate: rate, seconds: 0.25)
            for (start, pitch) in [(0.01, 1.0), (0.12, 0.8)] {
                synth.partial(start: start, frequency: 3_500 * pitch, amplitude: 1, attack: 0.0005, decay: 0.004)
                synth.partial(start: start, frequency: 5_200 * pitch, amplitude: 0.6, attack: 0.0005, decay: 0.0025)
            }
            return synth.render(fadeIn: 0.002, fadeOut: 0.02)
        case .chirp:
            var synth = Synthesizer(rate: rate, seconds: 0.34)
            for start in [0.0, 0.11, 0.22] {
                synth.tone(
                    start: start, length: 0.08, harmonics: [1, 0.15],
                    frequency: { p in 2_500 + 2_000 * p },
                    amplitude: { p in min(1, p / 0.15) * min(1, (1 - p) / 0.3) })
            }
            return synth.render()
        }
    }

    /// The sound as a complete WAV file.
    public func wavBytes() -> [UInt8] {
        let samples = samples()
        var bytes = WAVWriter.header(format: Self.format, dataBytes: Int64(samples.count * 2))
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples {
            bytes.append(UInt8(truncatingIfNeeded: sample))
            bytes.append(UInt8(truncatingIfNeeded: sample >> 8))
        }
        return bytes
    }

    /// Writes the sound as a WAV file.
    /// - Parameter path: the file to write (replaced if it exists).
    /// - Throws: ``AudioError`` `.io` when it cannot be written.
    public func write(to path: String) throws {
        let writer = try WAVWriter(path: path, format: Self.format)
        try writer.write(samples: samples())
        try writer.close()
    }
}
