import Foundation

/// The output of a finished child process.
struct CommandResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a real program and waits for it.
@discardableResult
func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
    let errData = Data.buffered(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData.wait(), as: UTF8.self))
}

/// Runs a shell pipeline with `bash -c` (for `tar … | zstd …` oracles).
@discardableResult
func shell(_ script: String, in directory: String? = nil) throws -> CommandResult {
    try run("/bin/bash", ["-c", "set -euo pipefail; " + script], in: directory)
}

/// The built `toolkit` binary: `$TOOLKIT_BINARY`, or `.build/debug/toolkit` under the package root.
func toolkitBinary(filePath: String = #filePath) throws -> String {
    if let override = ProcessInfo.processInfo.environment["TOOLKIT_BINARY"], !override.isEmpty { return override }
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            let binary = directory.appendingPathComponent(".build/debug/toolkit").path
            guard FileManager.default.isExecutableFile(atPath: binary) else {
                throw TestFailure("no toolkit binary at \(binary): run `swift build` first")
            }
            return binary
        }
        directory.deleteLastPathComponent()
    }
    throw TestFailure("no Package.swift above \(filePath)")
}

/// Runs `toolkit ARGUMENTS`.
@discardableResult
func toolkit(_ arguments: String..., in directory: String? = nil) throws -> CommandResult {
    try run(try toolkitBinary(), arguments, in: directory)
}

extension Data {
    /// Reads a handle to its end on another thread.
    final class Pending: @unchecked Sendable {  // `data` is written once before the semaphore signals
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        init(_ handle: FileHandle) {
            Thread {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }

    static func buffered(_ handle: FileHandle) -> Pending { Pending(handle) }
}
