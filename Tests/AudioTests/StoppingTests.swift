import Foundation
import Testing

@testable import Audio
import ToolkitTestSupport

/// Stopping mid-play and mid-record: the device is made to block (a FIFO behind the file PCM) or the
/// recording is long, so the stop really lands in the middle.
@Suite struct StoppingTests {
    @Test func stopMidPlayEndsWithAPrefixOfTheSamples() async throws {
        // Given a 200,000-frame file and a file PCM writing into a FIFO that we read slowly
        let scratch = try TemporaryDirectory()
        let samples = testSamples(bits: 16, float: false, count: 2 * 200_000)
        let input = try scratch.write(
            "in.wav", WAVBuilder(channels: 2, rate: 48_000, bits: 16, samples: samples).bytes())
        let fifo = scratch.appending("out.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let stop = StopSignal()
        let received = Thread.readingFIFO(fifo, stopAfter: 100_000, stop: stop)

        // When the reader stops playback after 100,000 bytes
        let report = try await Playback(device: "file:'\(fifo)',raw").play(file: input, stop: stop)
        let bytes = received.wait()

        // Then playback reports the stop, and what reached the device is the start of the samples
        #expect(report.stopped)
        #expect(report.framesWritten < 200_000)
        #expect(bytes.count >= 100_000 && bytes.count < samples.count)
        #expect(Array(bytes) == Array(samples[..<bytes.count]))
    }

    @Test func cancellingARecordingThrowsAndLeavesAFinishedWAV() async throws {
        // Given an hour-long recording running in a task, from a FIFO fed as the test goes (the null PCM
        // does not pace, so a starved test could find the hour already recorded)
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("cancelled.wav")
        let fifo = scratch.appending("input.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let recording = Recording(
            device: "testcapture",
            configuration: RecordingTests.configuration(input: fifo, tee: scratch.appending("tee.raw")),
            format: AudioFormat(sampleFormat: .signed16, rate: 8_000, channels: 1))
        let task = Task { try await recording.record(to: output, duration: .seconds(3_600)) }
        let feeding = StopSignal()
        Thread.detachNewThread {
            signal(SIGPIPE, SIG_IGN)
            let descriptor = open(fifo, O_WRONLY)
            guard descriptor >= 0 else { return }
            let chunk = [UInt8](repeating: 0, count: 4096)
            while !feeding.isStopped, chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {
                usleep(2_000)
            }
            close(descriptor)
        }
        defer { feeding.stop() }

        // When the task is cancelled once the file has grown
        var size = 0
        while size < 64 * 1024 {
            try await Task.sleep(for: .milliseconds(1))
            size = ((try? FileManager.default.attributesOfItem(atPath: output)[.size]) as? Int) ?? 0
        }
        task.cancel()

        // Then it throws CancellationError and the WAV is complete (pad, sizes, nothing odd)
        await #expect(throws: CancellationError.self) { try await task.value }
        let reader = try WAVReader(path: output)
        #expect(reader.info.frameCount > 0 && reader.info.frameCount < 3_600 * 8_000)
        #expect(reader.info.notes.isEmpty, "\(reader.info.notes)")
        #expect(try reader.readSamples(maximumFrames: 1_000).allSatisfy { $0 == 0 })
    }
}

extension Thread {
    /// What a reading thread read, once it is done.
    final class PipeReader: @unchecked Sendable {
        // Written once by the reading thread before `done` is signalled; read after waiting on it.
        var data = Data()
        let done = DispatchSemaphore(value: 0)

        func wait() -> Data {
            done.wait()
            return data
        }
    }

    /// Reads a FIFO on a thread of its own, sets `stop` after `stopAfter` bytes and keeps reading to the end.
    static func readingFIFO(_ path: String, stopAfter: Int, stop: StopSignal) -> PipeReader {
        let reader = PipeReader()
        let thread = Thread {
            let fd = open(path, O_RDONLY)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while fd >= 0 {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                data.append(contentsOf: buffer[..<n])
                if data.count >= stopAfter { stop.stop() }
            }
            if fd >= 0 { close(fd) }
            reader.data = data
            reader.done.signal()
        }
        thread.start()
        return reader
    }
}
