import Foundation
import Testing

@testable import Audio
import ToolkitTestSupport

/// Samples narrower than their containers: plain PCM as `arecord -f S24_LE` writes it, and
/// WAVE_FORMAT_EXTENSIBLE with fewer valid bits than its containers hold.
@Suite struct WAVReaderContainerTests {
    /// 24-bit values covering both ends of the range and both signs.
    static let values: [Int32] = [0, 1, -1, 0x7F_FFFF, -0x80_0000, 123_456, -654_321, 0x12_3456, -2, 0x40_0000, -7, 99]

    /// `values` as ALSA's S24_LE: each 24-bit value in the low 3 bytes of a little-endian 4-byte container.
    /// ALSA ignores the top byte, so it holds the sign extension for even indices and junk (0xA5) for odd ones.
    static let s24LEContainers: [UInt8] = values.enumerated().flatMap { index, value -> [UInt8] in
        let low = UInt32(bitPattern: value) & 0xFF_FFFF
        let top: UInt32 = index % 2 == 1 ? 0xA5 : (value < 0 ? 0xFF : 0x00)
        return le32(low | top << 24)
    }

    /// What the reader gives for `values`: 32-bit samples with the 24 bits at the top (sox's convention).
    static var expectedSamples: [Int32] { values.map { $0 << 8 } }

    @Test func aFileArecordWritesAsS24LEReadsAsItsContainersSay() async throws {
        // Given a WAV file arecord wrote with -f S24_LE, capturing `values` from a file PCM
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.raw", Self.s24LEContainers)
        _ = try scratch.write(
            ".asoundrc",
            Array(
                """
                pcm.capture {
                    type file
                    slave.pcm null
                    file "\(scratch.appending("tee.raw"))"
                    infile "\(input)"
                    format raw
                }
                """.utf8))
        let path = scratch.appending("arecord.wav")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch.path
        environment["XDG_CONFIG_HOME"] = scratch.appending("no-config")
        let result = try await Command(
            "arecord", ["-q", "-D", "capture", "-f", "S24_LE", "-r", "8000", "-c", "2", "-s", "6", path],
            environment: environment
        ).run()
        try #require(result.status == 0, "arecord: \(result.stderr)")
        // (arecord's header: format tag 1, 2 channels, block align 8, 24 bits per sample.)
        let header = try scratch.read(path)
        try #require(header.count == 44 + 48)
        #expect(Array(header[20..<24]) == le16(1) + le16(2))
        #expect(Array(header[32..<36]) == le16(8) + le16(24))

        // When we read it
        let reader = try WAVReader(path: path)
        let samples = try reader.readSamples(maximumFrames: .max)

        // Then each container's low 24 bits are the sample, and the top byte is ignored (sox 14.4.2 cannot
        // read this layout: it takes the data for packed 3-byte samples, so the values are the oracle)
        #expect(reader.info.format == AudioFormat(sampleFormat: .signed32, rate: 8_000, channels: 2))
        #expect(reader.info.validBitsPerSample == 24)
        #expect(reader.info.frameCount == 6)
        #expect(reader.info.notes.isEmpty, "notes: \(reader.info.notes)")
        #expect(samples == Self.expectedSamples)
    }

    @Test(arguments: [1, 2, 6])
    func plainPCMWith24BitSamplesIn4ByteContainersReadsAs32Bit(channels: Int) throws {
        // Given plain PCM (format tag 1) whose fmt chunk says 24 bits per sample and a block align of 4 bytes
        // per channel: the layout of ALSA's S24_LE, 24-bit values in the low 3 bytes of little-endian
        // 4-byte containers
        let scratch = try TemporaryDirectory()
        let frames = 4 * 12 / channels
        let count = frames * channels
        let containers = Array((0..<count).flatMap { Self.s24LEContainers[4 * ($0 % 12)..<4 * ($0 % 12) + 4] })
        let builder = WAVBuilder(
            channels: channels, rate: 44_100, bits: 24, blockAlign: 4 * channels, samples: containers)
        let path = try scratch.write("in.wav", builder.bytes())

        // When we read it as bytes and as samples
        let reader = try WAVReader(path: path)
        let bytes = try reader.readBytes(maximumFrames: .max)
        reader.rewind()
        let samples = try reader.readSamples(maximumFrames: .max)

        // Then it is 32-bit PCM whose samples carry the 24 bits at the top
        let expected = (0..<count).map { Self.values[$0 % 12] << 8 }
        #expect(reader.info.format == AudioFormat(sampleFormat: .signed32, rate: 44_100, channels: channels))
        #expect(reader.info.validBitsPerSample == 24)
        #expect(reader.info.frameCount == Int64(frames))
        #expect(samples == expected)
        #expect(bytes == expected.flatMap { le32(UInt32(bitPattern: $0)) })
    }

    @Test func playingAnS24LEFileWritesWhatItReadsToTheDevice() async throws {
        // Given an S24_LE file as arecord writes it
        let scratch = try TemporaryDirectory()
        let builder = WAVBuilder(channels: 2, rate: 8_000, bits: 24, blockAlign: 8, samples: Self.s24LEContainers)
        let input = try scratch.write("in.wav", builder.bytes())
        let output = scratch.appending("out.raw")

        // When it is played into the file PCM
        let report = try await Playback(device: "file:'\(output)',raw").play(file: input)

        // Then the device got 32-bit samples with the 24 bits at the top
        #expect(report.format.sampleFormat == .signed32)
        #expect(try scratch.read(output) == Self.expectedSamples.flatMap { le32(UInt32(bitPattern: $0)) })
    }

    struct Narrower: CustomStringConvertible, Sendable {
        var valid: Int
        var container: Int
        var expected: SampleFormat
        var description: String { "\(valid) valid bits in \(container)-bit containers" }
    }

    @Test(arguments: [
        Narrower(valid: 20, container: 24, expected: .signed24),
        Narrower(valid: 24, container: 32, expected: .signed32),
        Narrower(valid: 12, container: 16, expected: .signed16),
    ])
    func extensibleWithFewerValidBitsReadsItsContainers(narrower: Narrower) throws {
        // Given WAVE_FORMAT_EXTENSIBLE PCM whose samples use the top `valid` bits of each container, as the
        // format says (the bits below are zero)
        let scratch = try TemporaryDirectory()
        let mask = UInt32.max << UInt32(narrower.container - narrower.valid)
        let containerBytes = narrower.container / 8
        let raw = testSamples(bits: narrower.container, float: false, count: 2 * 200)
        let values = stride(from: 0, to: raw.count, by: containerBytes).map { offset -> UInt32 in
            var value: UInt32 = 0
            for i in 0..<containerBytes { value |= UInt32(raw[offset + i]) << (8 * UInt32(i)) }
            return value & mask
        }
        let samples = values.flatMap { value in
            (0..<containerBytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
        }
        var builder = WAVBuilder(channels: 2, rate: 48_000, bits: narrower.container, samples: samples)
        builder.extensibleSubFormat = 1
        builder.validBits = narrower.valid
        let path = try scratch.write("in.wav", builder.bytes())

        // When we read it
        let reader = try WAVReader(path: path)
        let read = try reader.readSamples(maximumFrames: .max)

        // Then the containers are the samples, moved to the top of 32 bits (sox 14.4.2 refuses these files:
        // "WAVE file fmt with padded samples is not supported yet")
        #expect(reader.info.format == AudioFormat(sampleFormat: narrower.expected, rate: 48_000, channels: 2))
        #expect(reader.info.validBitsPerSample == narrower.valid)
        #expect(read == values.map { Int32(bitPattern: $0 << UInt32(32 - narrower.container)) })
    }
}
