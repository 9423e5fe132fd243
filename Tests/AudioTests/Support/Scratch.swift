import Foundation

/// A temporary directory of its own for one test, removed when the value goes away.
final class Scratch: Sendable {
    let directory: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("audio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        directory = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A path inside the directory.
    func path(_ name: String) -> String { directory + "/" + name }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The bytes of a file.
    func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
