#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitTestSupport

/// Fixtures/echo-plugin, a configurable Python plugin; its settings are environment variables (listed at the top
/// of the script), given through a small wrapper script so that each test runs its own variant.
enum EchoPlugin {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/echo-plugin").standardizedFileURL.path

    /// Writes an executable `fileName` into `directory` that runs the echo plugin with `settings` added to its
    /// environment; returns its path.
    static func variant(
        _ fileName: String, in directory: TemporaryDirectory, _ settings: [String: String]
    ) throws -> String {
        let exports = settings.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'\n" }.joined()
        let script = "#!/bin/sh\n\(exports)exec '\(path)'\n"
        let file = try directory.write(fileName, Array(script.utf8))
        chmod(file, 0o755)
        return file
    }
}
