import Foundation
import Testing

@testable import Audio
import ToolkitTestSupport

/// Capture through real ALSA from a `file` PCM whose `infile` holds raw samples.
@Suite struct RecordingTests {
    /// A recording from `testcapture`, whose input is `samples`, into `out.wav` in `scratch`.
    static func capture(
        of samples: [UInt8], format: AudioFormat, in scratch: TemporaryDirectory
    ) throws -> (recording: Recording, output: String) {
        let input = try scratch.write("in.raw", samples)
        let configuration = configuration(input: input, tee: scratch.appending("tee.raw"))
        let recording = Recording(device: "testcapture", configuration: configuration, format: format)
        return (recording, scratch.appending("out.wav"))
    }

    /// A capture PCM reading `input`; the file PCM also writes what it captures, to `tee`.
    static func configuration(input: String, tee: String) -> String {
        """
        pcm.testcapture {
            type file
            slave.pcm null
            file "\(tee)"
            infile "\(input)"
            format raw
        }
        """
    }

    @Test(arguments: [
        (SampleFormat.signed16, 1, 8_000), (.signed16, 2, 48_000), (.signed24, 2, 44_100), (.signed24, 6, 96_000),
    ])
    func theWAVHoldsExactlyTheInputsSamples(sampleFormat: SampleFormat, channels: Int, rate: Int) async throws {
        // Given 0.25 s of raw input samples
        let scratch = try TemporaryDirectory()
        let format = AudioFormat(sampleFormat: sampleFormat, rate: rate, channels: channels)
        let frames = rate / 4
        let samples = testSamples(bits: sampleFormat.bitsPerSample, float: false, count: frames * channels)
        let (recording, output) = try Self.capture(of: samples, format: format, in: scratch)

        // When 0.25 s are recorded
        let report = try await recording.record(to: output, duration: .milliseconds(250))

        // Then the WAV holds those samples, with a header sox and our reader agree on
        #expect(report.frames == Int64(frames))
        #expect(report.stopped == false)
        let reader = try WAVReader(path: output)
        #expect(reader.info.format == format)
        #expect(reader.info.frameCount == Int64(frames))
        #expect(reader.info.notes.isEmpty, "\(reader.info.notes)")
        #expect(try reader.readBytes(maximumFrames: .max) == samples)
        let soxi = try await Command.run("soxi", ["-s", output])
        #expect(soxi.stdout == "\(frames)\n")
        await #expect(try Sox.samples(output).count == samples.count / sampleFormat.bytesPerSample)
    }

    @Test func stoppingEarlyLeavesAValidWAVOfWhatWasCaptured() async throws {
        // Given 2 s of input and a recording asked for 2 s
        let scratch = try TemporaryDirectory()
        let format = AudioFormat(sampleFormat: .signed16, rate: 16_000, channels: 1)
        let samples = testSamples(bits: 16, float: false, count: 32_000)
        let (recording, output) = try Self.capture(of: samples, format: format, in: scratch)

        // When it is stopped after the first period
        let stop = StopSignal()
        let report = try await recording.record(to: output, duration: .seconds(2), stop: stop) { _ in stop.stop() }

        // Then the file is a valid WAV holding the start of the input
        #expect(report.stopped)
        #expect(report.frames > 0 && report.frames < 32_000)
        let reader = try WAVReader(path: output)
        #expect(reader.info.frameCount == report.frames)
        #expect(reader.info.notes.isEmpty)
        #expect(try reader.readBytes(maximumFrames: .max) == Array(samples[..<Int(report.frames * 2)]))
        #expect(try await Command.run("soxi", ["-s", output]).stdout == "\(report.frames)\n")
    }

    @Test func pastTheEndOfItsInputTheFilePCMGivesSilence() async throws {
        // Given 100 frames of input and a recording of 200 frames
        let scratch = try TemporaryDirectory()
        let format = AudioFormat(sampleFormat: .signed16, rate: 1_000, channels: 1)
        let samples = testSamples(bits: 16, float: false, count: 100)
        let (recording, output) = try Self.capture(of: samples, format: format, in: scratch)

        _ = try await recording.record(to: output, duration: .milliseconds(200))

        // Then the WAV holds the input followed by zeros (never stale buffer contents)
        let bytes = try WAVReader(path: output).readBytes(maximumFrames: .max)
        #expect(bytes == samples + [UInt8](repeating: 0, count: 200))
    }

    @Test func anUnknownCaptureDeviceIsNamedAndTheFileIsStillValid() async throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.wav")
        let error = try await #require(throws: AudioError.self) {
            try await Recording(device: "no_such_capture").record(to: output, duration: .seconds(1))
        }
        #expect(error.code == .device)
        #expect(error.message.contains("\"no_such_capture\": cannot open it for capture: No such file or directory"))
    }

    @Test func aBadDurationIsRefused() async throws {
        let scratch = try TemporaryDirectory()
        let error = try await #require(throws: AudioError.self) {
            try await Recording(device: "null").record(to: scratch.appending("x.wav"), duration: .seconds(0))
        }
        #expect(error.code == .invalidArgument)
    }
}
