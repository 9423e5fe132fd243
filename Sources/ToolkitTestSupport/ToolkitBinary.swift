import Foundation

/// The built `toolkit` executable, which CLI tests run as a user would (STYLE rule 23).
public enum ToolkitBinary {
    /// `$TOOLKIT_BINARY`, else `.build/debug/toolkit` under the package root (found from this file's path).
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["TOOLKIT_BINARY"], !override.isEmpty {
            return override
        }
        return packageRoot + "/.build/debug/toolkit"
    }

    /// The executable `name` built with `toolkit` (`on-this-day`, say): the file of that name beside ``path``, so
    /// a sanitized build's `TOOLKIT_BINARY` brings its own sanitized products with it.
    public static func builtProduct(_ name: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// The package's root directory: the nearest one above this file that holds `Package.swift`.
    public static var packageRoot: String {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.path
            }
            directory.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }

    /// Runs the built `toolkit` with `arguments` to completion.
    /// - Parameters:
    ///   - input: text for its standard input.
    ///   - environment: the whole environment (this process's when nil).
    ///   - directory: where it starts.
    ///   - timeout: how long it may run before it is killed with its process group.
    /// - Throws: ``TestFailure`` when the binary is missing (run `swift build` first) or cannot be started.
    @discardableResult
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String]? = nil, in directory: String? = nil,
        timeout: Duration = Command.defaultTimeout
    ) async throws -> CommandResult {
        let path = self.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("no toolkit binary at \(path): run `swift build` first, or set TOOLKIT_BINARY")
        }
        return try await Command.run(
            path, arguments, input: input, environment: environment, in: directory, timeout: timeout)
    }
}

/// Runs the built `toolkit` with `arguments` (see ``ToolkitBinary/run(_:input:environment:in:timeout:)``).
@discardableResult
public func runToolkit(
    _ arguments: [String], input: String? = nil, environment: [String: String]? = nil, in directory: String? = nil
) async throws -> CommandResult {
    try await ToolkitBinary.run(arguments, input: input, environment: environment, in: directory)
}
