import ToolkitTestSupport

/// `sox`, the oracle the WAV reader and writer are checked against.
enum Sox {
    /// `sox` with `arguments`; its standard output. Fails the caller when sox fails.
    static func run(_ arguments: [String]) async throws -> [UInt8] {
        let result = try await Command.run("sox", arguments)
        guard result.status == 0 else {
            throw TestFailure("sox \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.standardOutput
    }

    /// sox's decoding of `path` as 32-bit signed samples: the oracle for ``WAVReader/readSamples``.
    static func samples(_ path: String) async throws -> [Int32] {
        let bytes = try await run(["-D", path, "-t", "raw", "-e", "signed", "-b", "32", "-"])
        return bytes.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
    }
}
