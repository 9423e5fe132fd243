import NIOConcurrencyHelpers
import Testing

@testable import Audio
import ToolkitTestSupport

@Suite struct PreparedSoundTests {
    @Test func playsTheSameSamplesEveryTime() async throws {
        // Given a sound prepared on the file PCM
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.raw")
        let samples = testSamples(bits: 16, float: false, count: 2 * 3_000)
        let input = try scratch.write(
            "in.wav", WAVBuilder(channels: 2, rate: 44_100, bits: 16, samples: samples).bytes())
        let sound = try await PreparedSound(file: input, device: "file:'\(output)',raw")
        defer { sound.close() }

        // When it is played three times
        for _ in 0..<3 {
            let before = ContinuousClock.now
            let report = try await sound.play()
            #expect(report.framesWritten == 3_000)
            let first = try #require(report.firstPeriodWrittenAt)
            #expect(first > before)
        }

        // Then the device received the samples three times over
        #expect(try scratch.read(output) == samples + samples + samples)
    }

    @Test func aBuiltinSoundCanBePreparedFromMemory() async throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("out.raw")
        let samples = BuiltinSound.bell.samples()
        let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let sound = try await PreparedSound(samples: bytes, format: BuiltinSound.format, device: "file:'\(output)',raw")
        _ = try await sound.play()
        sound.close()
        #expect(try scratch.read(output) == bytes)
    }

    @Test func theCallerIsToldWhenTheFirstPeriodIsWritten() async throws {
        // Given a sound prepared on the null PCM
        let sound = try await PreparedSound(
            samples: [UInt8](repeating: 1, count: 8_000), format: BuiltinSound.format, device: "null")
        defer { sound.close() }
        let told = NIOLockedValueBox<[ContinuousClock.Instant]>([])

        // When it is played, and played again with its stop already set
        let report = try await sound.play(firstPeriodWritten: { instant in told.withLockedValue { $0.append(instant) } }
        )
        let stop = StopSignal()
        stop.stop()
        _ = try await sound.play(
            stop: stop, firstPeriodWritten: { instant in told.withLockedValue { $0.append(instant) } })

        // Then the caller was told once, at the instant the report gives; a play that wrote nothing tells nothing
        #expect(told.withLockedValue { $0 } == [try #require(report.firstPeriodWrittenAt)])
    }

    @Test func anUnknownDeviceFailsAtPreparation() async throws {
        let error = try await #require(throws: AudioError.self) {
            try await PreparedSound(samples: [0, 0], format: BuiltinSound.format, device: "no_such_pcm")
        }
        #expect(error.device == "no_such_pcm")
        #expect(error.alsaError == "No such file or directory")
    }
}
