import Foundation

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a command to completion, with optional standard input, and captures its output.
public func runCommand(
    _ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String]? = nil
) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
        errorData = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        stdout: String(decoding: outputData, as: UTF8.self),
        stderr: String(decoding: errorData, as: UTF8.self))
}

/// Runs the built `toolkit` with `arguments`.
public func runToolkit(_ arguments: [String], input: String? = nil, environment: [String: String]? = nil) throws
    -> CommandResult
{
    try runCommand(ToolkitBinary.path, arguments, input: input, environment: environment)
}
