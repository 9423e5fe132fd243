@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// Cancelling the task of an async archive operation stops the work on its thread.
@Suite struct CancellationTests {
    @Test func cancellingAWriteStopsItAndLeavesNoFile() async throws {
        let dir = try TemporaryDirectory()
        for index in 0..<4 { try dir.write("tree/f\(index).bin", pseudoRandomBytes(4 << 20, seed: UInt64(index + 1))) }
        let members = try ArchiveMember.members(ofDirectory: dir.appending("tree"))
        let (started, signal) = AsyncStream<Void>.makeStream()
        let gate = DispatchSemaphore(value: 0)
        let task = Task {
            try await ArchiveWriter(options: ZstdOptions(level: 1, workers: 0))
                .write(members, to: dir.appending("out.tar.zst")) { _ in
                    // Holds the writer at its first report until the test has cancelled, however slow the machine;
                    // once opened, the gate stays open.
                    signal.yield()
                    gate.wait()
                    gate.signal()
                }
        }
        for await _ in started { break }
        task.cancel()
        gate.signal()
        let error = await #expect(throws: ArchiveError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(dir.listing().filter { !$0.hasPrefix("tree") } == [], "no archive and no temp file")
    }
}
