import Testing

@testable import Audio
import ToolkitTestSupport

/// WAV files made by sox in every format, channel count and rate we accept: our decoding must equal sox's.
@Suite struct WAVReaderSoxTests {
    struct Variant: CustomStringConvertible, Sendable {
        var encoding: String
        var bits: Int
        var expected: SampleFormat
        var channels = 1
        var rate = 8_000
        var description: String { "\(encoding)-\(bits), \(channels) ch, \(rate) Hz" }
    }

    static let variants = [
        Variant(encoding: "unsigned-integer", bits: 8, expected: .unsigned8),
        Variant(encoding: "signed-integer", bits: 16, expected: .signed16),
        Variant(encoding: "signed-integer", bits: 24, expected: .signed24),
        Variant(encoding: "signed-integer", bits: 32, expected: .signed32),
        Variant(encoding: "floating-point", bits: 32, expected: .float32),
        Variant(encoding: "floating-point", bits: 64, expected: .float64),
    ]

    /// Every format, at every channel count and rate in the table.
    static let table: [Variant] = variants.flatMap { variant in
        [1, 2, 6].flatMap { channels in
            [8_000, 44_100, 96_000].map { rate in
                var v = variant
                v.channels = channels
                v.rate = rate
                return v
            }
        }
    }

    @Test(arguments: table)
    func decodesWhatSoxWrites(variant: Variant) async throws {
        let channels = variant.channels
        let rate = variant.rate
        // Given a file sox synthesised (sox uses WAVE_FORMAT_EXTENSIBLE for integers above 2 channels or 16 bits)
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("in.wav")
        let tones = (0..<channels).flatMap { ["sine", "\(220 * ($0 + 1))"] }
        _ = try await Sox.run(
            [
                "-D", "-n", "-r", "\(rate)", "-c", "\(channels)", "-e", variant.encoding, "-b", "\(variant.bits)", path,
                "synth", "0.05",
            ] + tones + ["vol", "0.9"])

        // When we read it
        let reader = try WAVReader(path: path)
        let samples = try reader.readSamples(maximumFrames: .max)

        // Then format and samples match sox's own reading of it
        #expect(reader.info.format == AudioFormat(sampleFormat: variant.expected, rate: rate, channels: channels))
        #expect(reader.info.frameCount == Int64((0.05 * Double(rate)).rounded()))
        if !variant.expected.isFloat {
            #expect(reader.info.isExtensible == (channels > 2 || variant.bits > 16))
        }
        let oracle = try await Sox.samples(path)
        #expect(samples.count == oracle.count)
        #expect(samples == oracle)
    }
}
