import Foundation

/// Where the built `toolkit` executable is: `$TOOLKIT_BINARY`, else `.build/debug/toolkit` under the
/// package root (found from this file's path).
public enum ToolkitBinary {
    public static var path: String {
        if let override = ProcessInfo.processInfo.environment["TOOLKIT_BINARY"], !override.isEmpty {
            return override
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent(".build/debug/toolkit").path
            }
            directory.deleteLastPathComponent()
        }
        return ".build/debug/toolkit"
    }
}
