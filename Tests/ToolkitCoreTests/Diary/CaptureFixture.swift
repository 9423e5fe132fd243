import Foundation
import JSONRPC
import NIOConcurrencyHelpers
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// ALSA capture devices for a core started as the built binary, with no sound card: `file` PCMs whose `infile`
/// is a file the test writes (`capturefile`) or a FIFO the test feeds (`capturefifo`, which advances only as
/// fast as the test writes, so a recording can be caught mid-way without relying on timing). They are defined
/// in a configuration file named by `ALSA_CONFIG_PATH` in the core's ``environment``.
final class CaptureFixture: Sendable {
    let scratch: TemporaryDirectory
    /// What `capturefile` captures: raw samples, written by ``writeInput(_:)``.
    let inputPath: String
    /// What `capturefifo` captures.
    let fifoPath: String
    /// For ``ToolkitCoreTesting/withCore(_:environment:_:)``: the system's ALSA configuration plus the two devices.
    let environment: [String: String]
    /// The test's end of the FIFO, until ``closeFIFO()``; closed once only, as the number may be reused at once.
    private let fifoDescriptor: NIOLockedValueBox<Int32?>

    init() throws {
        scratch = try TemporaryDirectory()
        inputPath = scratch.appending("input.raw")
        fifoPath = scratch.appending("input.fifo")
        let configuration = scratch.appending("capture.conf")
        try """
        pcm.capturefile {
            type file slave.pcm null file "\(scratch.appending("tee-file.raw"))" infile "\(inputPath)" format raw
        }
        pcm.capturefifo {
            type file slave.pcm null file "\(scratch.appending("tee-fifo.raw"))" infile "\(fifoPath)" format raw
        }
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        environment = ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + configuration]
        guard mkfifo(fifoPath, 0o600) == 0 else { throw TestFailure("mkfifo \(fifoPath): errno \(errno)") }
        // Read and write, so that neither this open nor the core's blocks, and the core's reads wait for data;
        // non-blocking, so that feeding a capture that has stopped reading drops bytes instead of hanging.
        let descriptor = open(fifoPath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw TestFailure("open \(fifoPath): errno \(errno)") }
        fifoDescriptor = NIOLockedValueBox(descriptor)
    }

    deinit { closeFIFO() }

    /// Writes `samples` as `capturefile`'s input.
    func writeInput(_ samples: [UInt8]) throws {
        _ = try scratch.write("input.raw", samples)
    }

    /// Feeds `bytes` to `capturefifo`; what does not fit in the pipe is dropped.
    func feed(_ bytes: [UInt8]) {
        fifoDescriptor.withLockedValue { descriptor in
            guard let descriptor else { return }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    /// Closes the test's end of the FIFO (once): a capture blocked on it reads the end of its input.
    func closeFIFO() {
        fifoDescriptor.withLockedValue { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// `count` bytes of 16-bit samples that differ from frame to frame.
    static func samples(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 7) }
    }

    /// The bytes of the blob `sha256`.
    static func blob(_ sha256: String, in core: TestCore) throws -> [UInt8] {
        let path = "\(core.dataDirectory)/blobs/sha256/\(sha256.prefix(2))/\(sha256)"
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("no blob at \(path)") }
        return [UInt8](data)
    }

    /// The blobs of the store other than the built-in sounds', and its temp files.
    static func storedFiles(in core: TestCore, client: RPCClient) async throws -> (blobs: [String], temporary: [String])
    {
        let builtins = Set(
            try await client.call(SoundsList.self, .init(limit: 50)).items.filter { $0.kind == "builtin" }
                .map(\.sha256))
        let blobs =
            (FileManager.default.enumerator(atPath: core.dataDirectory + "/blobs/sha256")?.allObjects
            as? [String] ?? []).filter { $0.count > 3 }.map { String($0.suffix(64)) }.filter { !builtins.contains($0) }
        let temporary = (try? FileManager.default.contentsOfDirectory(atPath: core.dataDirectory + "/blobs/tmp")) ?? []
        return (blobs.sorted(), temporary)
    }

    /// The sounds that are not built in.
    static func ownSounds(_ client: RPCClient) async throws -> [SoundRecord] {
        try await client.call(SoundsList.self, .init(limit: 50)).items.filter { $0.kind != "builtin" }
    }
}

/// A JSON line from the core as Foundation JSON.
func jsonObject(_ line: String?) -> [String: Any] {
    guard let line, let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        return [:]
    }
    return object
}
