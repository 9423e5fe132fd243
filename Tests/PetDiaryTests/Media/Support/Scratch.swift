import Foundation

/// A fresh temp directory per test, removed when the test ends.
final class Scratch: @unchecked Sendable {  // immutable after init
    let path: String

    init(_ label: String = #function) throws {
        let name = label.filter { $0.isLetter || $0.isNumber }.prefix(40)
        path = FileManager.default.temporaryDirectory.path + "/petdiary-\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/relative`.
    func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes `bytes` at `relative` with modification time `mtime`; returns the full path.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8], mtime: Int = 1_700_000_000) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw TestFailure("could not create \(full)")
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(mtime))], ofItemAtPath: full)
        return full
    }

    /// The bytes of the file at `full`.
    func read(_ full: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: full) else { throw TestFailure("could not read \(full)") }
        return [UInt8](data)
    }

    /// Every file under `relative`, relative to it, sorted.
    func files(under relative: String) -> [String] {
        let root = path(relative)
        let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        return all.filter { item in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + item, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The committed fixture files (see `Fixtures/make-fixtures.py`).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func path(_ name: String) -> String { directory + "/" + name }

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(name)) else {
            throw TestFailure("missing fixture \(name)")
        }
        return [UInt8](data)
    }
}

/// Deterministic pseudo-random bytes (xorshift).
func pseudoRandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed | 1
    var bytes = [UInt8](repeating: 0, count: count)
    for index in 0..<count {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        bytes[index] = UInt8(truncatingIfNeeded: state)
    }
    return bytes
}
