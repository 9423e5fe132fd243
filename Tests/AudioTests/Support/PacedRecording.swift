#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitTestSupport

/// `toolkit sound record` capturing from a FIFO through a `file` PCM, fed by a thread here, so the
/// recording advances only as fast as the test feeds it (the `null` PCM does not pace: a long recording
/// from it can finish before a test gets to stop it).
final class PacedRecording: Sendable {
    /// The running `toolkit sound record`.
    let child: ChildProcess
    private let fifo: String

    /// Starts recording 8 kHz mono into `output` for up to an hour.
    init(scratch: TemporaryDirectory, output: String, standardOutput: Pipe? = nil) throws {
        signal(SIGPIPE, SIG_IGN)  // the feeder writes until the recorder closes the FIFO
        fifo = scratch.appending("input.fifo")
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let configuration = scratch.appending("fifo.conf")
        try """
        pcm.fromfifo { type file slave.pcm null file "\(scratch.appending("tee.raw"))" infile "\(fifo)" format raw }
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        child = try ChildProcess(
            ToolkitBinary.path,
            [
                "sound", "record", output, "--seconds", "3600", "--rate", "8000", "--device", "fromfifo",
                "--alsa-config", configuration,
            ],
            standardOutput: standardOutput?.fileHandleForWriting.fileDescriptor)
        // The child has its own copy: with this one closed, the reader sees end of file when the child exits.
        try standardOutput?.fileHandleForWriting.close()
        let fifo = self.fifo
        let child = self.child
        Thread.detachNewThread {
            // Opening blocks until the recorder opens its end; then feed silence while it runs.
            let descriptor = open(fifo, O_WRONLY)
            guard descriptor >= 0 else { return }
            let chunk = [UInt8](repeating: 0, count: 4096)
            while !child.hasExited {
                if chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) < 0 { break }
                usleep(2_000)
            }
            close(descriptor)
        }
    }

    /// Waits until `path` holds at least `bytes` bytes, or the recorder exits.
    func waitForOutput(_ path: String, bytes: Int) {
        var size = 0
        while !child.hasExited, size < bytes {
            size = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
            usleep(1_000)
        }
    }
}
