import Foundation

/// A fresh temp directory per test, removed when the test ends.
final class TestDirectory: @unchecked Sendable {  // immutable after init
    let path: String

    init(_ label: String = #function) throws {
        let base = FileManager.default.temporaryDirectory.path
        let name = label.filter { $0.isLetter || $0.isNumber }.prefix(40)
        path = base + "/archiving-\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/relative`.
    func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes `bytes` at `relative`, creating parent directories.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8], mtime: Int = 1_700_000_000) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw TestFailure("could not create \(full)")
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(mtime))], ofItemAtPath: full)
        return full
    }

    /// Every path under `relative` (files and directories), relative to it, sorted.
    func listing(_ relative: String = "") throws -> [String] {
        let root = relative.isEmpty ? path : url(relative)
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Compares two trees: the same paths, the same kinds, the same bytes in every file.
func treesDiffer(_ left: String, _ right: String) throws -> [String] {
    let manager = FileManager.default
    let leftItems = (manager.enumerator(atPath: left)?.allObjects as? [String] ?? []).sorted()
    let rightItems = (manager.enumerator(atPath: right)?.allObjects as? [String] ?? []).sorted()
    var differences: [String] = []
    if leftItems != rightItems {
        differences.append("paths differ: \(Set(leftItems).symmetricDifference(rightItems).sorted().prefix(5))")
        return differences
    }
    for item in leftItems {
        var leftIsDir: ObjCBool = false
        var rightIsDir: ObjCBool = false
        _ = manager.fileExists(atPath: left + "/" + item, isDirectory: &leftIsDir)
        _ = manager.fileExists(atPath: right + "/" + item, isDirectory: &rightIsDir)
        if leftIsDir.boolValue != rightIsDir.boolValue {
            differences.append("\(item): kind differs")
        } else if !leftIsDir.boolValue && !manager.contentsEqual(atPath: left + "/" + item, andPath: right + "/" + item) {
            differences.append("\(item): bytes differ")
        }
    }
    return differences
}

/// Deterministic pseudo-random bytes (xorshift), so tests need no /dev/urandom.
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
