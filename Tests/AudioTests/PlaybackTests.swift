import Foundation
import Testing

@testable import Audio
import ToolkitTestSupport

/// Playback through real ALSA into the `file` PCM, which writes what reaches it to disk.
@Suite struct PlaybackTests {
    @Test(arguments: [SampleFormat.unsigned8, .signed16, .signed24, .signed32, .float32, .float64], [1, 2, 6])
    func theBytesReachingThePCMAreTheFilesSamples(sampleFormat: SampleFormat, channels: Int) async throws {
        // Given a WAV file of 5,000 frames (several periods)
        let scratch = try TemporaryDirectory()
        let samples = testSamples(
            bits: sampleFormat.bitsPerSample, float: sampleFormat.isFloat, count: 5_000 * channels)
        var builder = WAVBuilder(
            formatTag: sampleFormat.isFloat ? 3 : 1, channels: channels, rate: 32_000,
            bits: sampleFormat.bitsPerSample, samples: samples)
        builder.chunksBeforeData = [("LIST", [1, 2, 3])]
        let input = try scratch.write("in.wav", builder.bytes())
        let output = scratch.appending("out.raw")

        // When it is played into the file PCM
        let report = try await Playback(device: "file:'\(output)',raw").play(file: input)

        // Then exactly its samples reached the PCM
        #expect(report.framesWritten == 5_000)
        #expect(report.stopped == false)
        #expect(try scratch.read(output) == samples)
    }

    @Test func thePlugLayerConvertsToWhatTheDeviceTakes() async throws {
        // Given a device that only takes 16-bit stereo at 48 kHz, and a 32-bit file at 48 kHz
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.raw")
        let configuration = """
            pcm.test16 {
                type plug
                slave {
                    pcm { type file slave.pcm null file "\(output)" format raw }
                    format S16_LE rate 48000 channels 2
                }
            }
            """
        let samples = testSamples(bits: 32, float: false, count: 2 * 3_000)
        let input = try scratch.write(
            "in.wav", WAVBuilder(channels: 2, rate: 48_000, bits: 32, samples: samples).bytes())

        // When it is played there
        _ = try await Playback(device: "test16", configuration: configuration).play(file: input)

        // Then the device received each sample's top 16 bits
        let expected = stride(from: 0, to: samples.count, by: 4).flatMap { [samples[$0 + 2], samples[$0 + 3]] }
        #expect(try scratch.read(output) == expected)
    }

    @Test func thePlugLayerConvertsTheRate() async throws {
        // Given a device fixed at 48 kHz and a 16 kHz mono file of 1,600 frames (0.1 s)
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.raw")
        let configuration = """
            pcm.test48k {
                type plug
                slave {
                    pcm { type file slave.pcm null file "\(output)" format raw }
                    format S16_LE rate 48000 channels 1
                }
            }
            """
        let input = try scratch.write(
            "in.wav",
            WAVBuilder(channels: 1, rate: 16_000, bits: 16, samples: testSamples(bits: 16, float: false, count: 1_600))
                .bytes())

        // When it is played there
        _ = try await Playback(device: "test48k", configuration: configuration).play(file: input)

        // Then about three times as many frames arrive (0.1 s at 48 kHz), give or take the resampler's edge
        let frames = try scratch.read(output).count / 2
        #expect(abs(frames - 4_800) <= 64, "got \(frames) frames")
    }

    @Test func anUnknownDeviceIsNamedWithALSAsText() async throws {
        // Given a file and a device name ALSA does not know
        let scratch = try TemporaryDirectory()
        let input = try scratch.write(
            "in.wav", WAVBuilder(samples: testSamples(bits: 16, float: false, count: 8)).bytes())

        // When it is played there, then the error names the device and carries snd_strerror's text
        let error = try await #require(throws: AudioError.self) {
            try await Playback(device: "no_such_pcm").play(file: input)
        }
        #expect(error.code == .device)
        #expect(error.device == "no_such_pcm")
        #expect(error.alsaErrorNumber == -2)
        #expect(error.alsaError == "No such file or directory")
        #expect(
            error.message.hasPrefix(
                "ALSA device \"no_such_pcm\": cannot open it for playback: No such file or directory"))
    }

    @Test func aStopBeforeTheFirstPeriodPlaysNothing() async throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.raw")
        let input = try scratch.write(
            "in.wav", WAVBuilder(samples: testSamples(bits: 16, float: false, count: 20_000)).bytes())
        let stop = StopSignal()
        stop.stop()
        let report = try await Playback(device: "file:'\(output)',raw").play(file: input, stop: stop)
        #expect(report.stopped)
        #expect(report.framesWritten == 0)
        #expect(try scratch.read(output).isEmpty)
    }

    @Test func aBadFileIsRefusedBeforeTheDeviceIsOpened() async throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.raw")
        var builder = WAVBuilder(samples: [0, 0, 0, 0])
        builder.formatTag = 6
        builder.bits = 8
        let input = try scratch.write("alaw.wav", builder.bytes())
        await #expect(throws: AudioError.self) { try await Playback(device: "file:'\(output)',raw").play(file: input) }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
