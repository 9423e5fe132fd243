@testable import Archiving
import Foundation
import NIOConcurrencyHelpers
import Synchronization
import Testing
import ToolkitTestSupport

/// The async streaming API: dedicated threads, backpressure, crash-safe output.
@Suite struct AsyncStreamTests {
    @Test func asyncWriterAndReaderRoundTripThroughTheZstdTool() async throws {
        let dir = try TemporaryDirectory()
        let data = pseudoRandomBytes(2 << 20, seed: 21) + [UInt8](repeating: 7, count: 3 << 20)
        let writer = try ZstdFileWriter(path: dir.appending("s.zst"), options: ZstdOptions(workers: 2), depth: 2)
        for start in stride(from: 0, to: data.count, by: 300_000) {
            try await writer.write(Array(data[start..<min(start + 300_000, data.count)]))
        }
        #expect(
            !FileManager.default.fileExists(atPath: dir.appending("s.zst")), "nothing under the name before finish()")
        let size = try await writer.finish()
        let written = try FileManager.default.attributesOfItem(atPath: dir.appending("s.zst"))[.size] as? Int
        #expect(size == written.map(Int64.init))
        let oracle = try await Command.shell("zstd -q -dc s.zst | sha256sum", in: dir.path).stdout.prefix(64)
        try Data(data).write(to: URL(fileURLWithPath: dir.appending("plain")))
        #expect(try await Command.shell("sha256sum plain", in: dir.path).stdout.prefix(64) == oracle)

        var read: [UInt8] = []
        for try await chunk in ZstdFileChunks(path: dir.appending("s.zst"), chunkSize: 100_000, depth: 2) {
            #expect(chunk.count <= 100_000)
            read += chunk
        }
        #expect(read == data)
    }

    @Test func aDamagedStreamThrowsFromTheSequence() async throws {
        let dir = try TemporaryDirectory()
        try writeZstd(pseudoRandomBytes(500_000, seed: 1), to: dir.appending("d.zst"))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.appending("d.zst"))))
        bytes.removeLast(100)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.appending("d.zst")))
        await #expect(throws: ArchiveError.self) {
            for try await _ in ZstdFileChunks(path: dir.appending("d.zst")) {}
        }
    }

    @Test func aBlockingProducerWaitsWhenTheChannelIsFull() async throws {
        let channel = BoundedChannel<Int>(capacity: 3)
        let sent = Atomic<Int>(0)
        let producer = Thread {
            for value in 0..<10 {
                guard channel.sendBlocking(value) else { return }
                sent.add(1, ordering: .relaxed)
            }
            channel.finish()
        }
        producer.start()
        for _ in 0..<500 where sent.load(ordering: .relaxed) < 3 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(sent.load(ordering: .relaxed) == 3, "the producer is held at the capacity")
        #expect(channel.count == 3)
        var received: [Int] = []
        while let value = try await channel.receive() { received.append(value) }
        #expect(received == Array(0..<10))
    }

    @Test func anAsyncProducerIsSuspendedUntilTheThreadCatchesUp() async throws {
        let channel = BoundedChannel<Int>(capacity: 2)
        let consumed = NIOLockedValueBox<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        Thread {
            gate.wait()  // the consumer thread starts only when the test says so
            while let value = try? channel.receiveBlocking() { consumed.withLockedValue { $0.append(value) } }
        }.start()
        try await channel.send(1)
        try await channel.send(2)
        let third = Task { try await channel.send(3) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(channel.count == 2, "the third send waits")
        gate.signal()
        try await third.value
        channel.finish()
        for _ in 0..<500 where consumed.withLockedValue({ $0.count }) < 3 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(consumed.withLockedValue { $0 } == [1, 2, 3])
    }

    /// The time limit only catches a hang (the whole suite's blocking helpers can hold the cooperative pool).
    @Test(.timeLimit(.minutes(3 * TestPatience.factor))) func asyncSendersAndReceiversMeet() async throws {
        let channel = BoundedChannel<Int>(capacity: 1)
        let receiver = Task { () -> [Int] in
            var values: [Int] = []
            while let value = try await channel.receive() { values.append(value) }
            return values
        }
        for value in 0..<50 { try await channel.send(value) }
        channel.finish()
        #expect(try await receiver.value == Array(0..<50))
    }

    @Test func aWriterDroppedBeforeFinishLeavesNoFile() async throws {
        let dir = try TemporaryDirectory()
        do {
            let writer = try ZstdFileWriter(path: dir.appending("gone.zst"))
            try await writer.write(pseudoRandomBytes(100_000, seed: 3))
        }
        for _ in 0..<500 where !dir.listing().isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(dir.listing() == [], "neither the final name nor the temp file remains")
    }
}
