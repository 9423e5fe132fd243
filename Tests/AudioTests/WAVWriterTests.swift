import Testing

@testable import Audio
import ToolkitTestSupport

@Suite struct WAVWriterTests {
    static let table: [(SampleFormat, Int, Int)] = [SampleFormat.signed16, .signed24].flatMap { format in
        [(1, 8_000), (2, 44_100), (5, 192_000)].map { (format, $0.0, $0.1) }
    }

    @Test(arguments: table)
    func writesWhatSoxAndTheReaderRead(sampleFormat: SampleFormat, channels: Int, rate: Int) async throws {
        // Given 101 frames of samples
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("out.wav")
        let format = AudioFormat(sampleFormat: sampleFormat, rate: rate, channels: channels)
        let samples = testSamples(bits: sampleFormat.bitsPerSample, float: false, count: 101 * channels)

        // When they are written in two pieces and the file closed
        let writer = try WAVWriter(path: path, format: format)
        let split = 40 * format.bytesPerFrame
        try samples[..<split].withUnsafeBytes { try writer.write($0) }
        try samples[split...].withUnsafeBytes { try writer.write($0) }
        try writer.close()

        // Then sox sees the format and samples, and so does our reader
        let info = try await Command.run("soxi", [path]).stdout
        #expect(info.contains("Channels       : \(channels)"))
        #expect(info.contains("Sample Rate    : \(rate)"))
        #expect(info.contains("Precision      : \(sampleFormat.bitsPerSample)-bit"))
        let reader = try WAVReader(path: path)
        #expect(reader.info.format == format)
        #expect(reader.info.notes.isEmpty, "\(reader.info.notes)")
        #expect(try reader.readBytes(maximumFrames: .max) == samples)
        await #expect(
            try Sox.samples(path)
                == samples.withUnsafeBytes {
                    SampleDecoder.int32Samples(from: $0, format: sampleFormat)
                })
    }

    @Test func oddDataGetsItsPadByteOnClose() throws {
        // Given 3 mono 24-bit frames (9 bytes, an odd-sized data chunk)
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("odd.wav")
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed24, rate: 8_000, channels: 1))
        try [UInt8](1...9).withUnsafeBytes { try writer.write($0) }
        try writer.close()

        // Then the file is 44 + 9 + 1 bytes and the RIFF size counts the pad byte
        let bytes = try scratch.read(path)
        #expect(bytes.count == 54)
        #expect(Array(bytes[4..<8]) == le32(46))
        #expect(Array(bytes[40..<44]) == le32(9))
        #expect(bytes.last == 0)
        #expect(try WAVReader(path: path).info.notes.isEmpty)
    }

    @Test func aFileNeverClosedStillOpensWithEverySampleWritten() async throws {
        // Given a writer that wrote twice and then was abandoned, as by a crash (no close)
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("cut.wav")
        let samples = testSamples(bits: 16, float: false, count: 2 * 500)
        do {
            let writer = try WAVWriter(
                path: path, format: AudioFormat(sampleFormat: .signed16, rate: 16_000, channels: 2))
            try samples[..<1000].withUnsafeBytes { try writer.write($0) }
            try samples[1000...].withUnsafeBytes { try writer.write($0) }
        }

        // Then sox reads all 500 frames without a warning, and so does our reader
        let outcome = try await Command.run("sox", [path, "-t", "raw", "-"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        #expect(outcome.standardOutput == samples)
        let reader = try WAVReader(path: path)
        #expect(reader.info.frameCount == 500)
        #expect(reader.info.notes.isEmpty)
    }

    @Test func refusesFormatsItDoesNotWriteAndPartialFrames() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("x.wav")
        let float = try #require(throws: AudioError.self) {
            try WAVWriter(path: path, format: AudioFormat(sampleFormat: .float32, rate: 8_000, channels: 1))
        }
        #expect(float.message.contains("writes 16- or 24-bit PCM, not 32-bit float"))
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed16, rate: 8_000, channels: 2))
        let partial = try #require(throws: AudioError.self) {
            try [UInt8](repeating: 0, count: 6).withUnsafeBytes { try writer.write($0) }
        }
        #expect(partial.message.contains("6 bytes is not a whole number of 4-byte frames"))
    }
}
