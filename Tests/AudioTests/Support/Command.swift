import Foundation

/// Runs a program to completion and collects what it printed.
struct Command {
    struct Outcome {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var output: String { String(decoding: stdout, as: UTF8.self) }
        var errors: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `arguments[0]` (looked up on PATH unless it has a slash) with the rest as arguments.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0].contains("/") ? arguments[0] : "/usr/bin/env")
        process.arguments = arguments[0].contains("/") ? Array(arguments.dropFirst()) : arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
        let errReader = Thread.detachNewThreadReading(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdout, stderr: errReader.wait())
    }

    /// `sox` with `arguments`; fails the caller when sox fails.
    static func sox(_ arguments: [String]) throws -> Data {
        let outcome = try run(["sox"] + arguments)
        guard outcome.status == 0 else {
            throw CommandError(description: "sox \(arguments.joined(separator: " ")) failed: \(outcome.errors)")
        }
        return outcome.stdout
    }

    /// sox's decoding of `path` as 32-bit signed samples: the oracle for ``WAVReader/readSamples``.
    static func soxSamples(_ path: String) throws -> [Int32] {
        let data = try sox(["-D", path, "-t", "raw", "-e", "signed", "-b", "32", "-"])
        return data.withUnsafeBytes { raw in
            (0..<raw.count / 4).map { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
    }
}

struct CommandError: Error, CustomStringConvertible {
    var description: String
}

extension Thread {
    /// Reads a pipe to its end on a thread of its own.
    final class PipeReader: @unchecked Sendable {
        // Written once by the reading thread before `done` is signalled; read after waiting on it.
        var data = Data()
        let done = DispatchSemaphore(value: 0)

        func wait() -> Data {
            done.wait()
            return data
        }
    }

    static func detachNewThreadReading(_ handle: FileHandle) -> PipeReader {
        let reader = PipeReader()
        let thread = Thread {
            reader.data = handle.readDataToEndOfFile()
            reader.done.signal()
        }
        thread.start()
        return reader
    }
}
