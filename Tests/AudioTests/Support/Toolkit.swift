import Foundation

/// The built `toolkit` binary: `$TOOLKIT_BINARY`, else `<package root>/.build/debug/toolkit`.
enum Toolkit {
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["TOOLKIT_BINARY"], !path.isEmpty { return path }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent(".build/debug/toolkit").path
            }
            directory.deleteLastPathComponent()
        }
        return ".build/debug/toolkit"
    }()

    /// Runs `toolkit` with `arguments`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Command.Outcome {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CommandError(description: "\(binary) is missing: run `swift build` first, or set TOOLKIT_BINARY")
        }
        return try Command.run([binary] + arguments, environment: environment)
    }
}
