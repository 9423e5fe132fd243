#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A directory of its own for one test, removed with everything in it when the value goes away.
///
/// Paths are short (`/tmp/tk-…`) because a Unix socket path inside one must fit in 108 bytes.
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Makes a new, empty directory (mode 0700).
    /// - Throws: `POSIXError` when `mkdtemp` fails.
    public init() throws {
        var template = Array("/tmp/tk-XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        path = String(cString: result)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `relative` inside the directory.
    public func appending(_ relative: String) -> String { path + "/" + relative }

    /// Writes `bytes` at `relative`, creating parent directories, with modification time `mtime` (seconds
    /// since 1970); returns the full path.
    /// - Throws: ``TestFailure`` when the file cannot be made.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8], mtime: Int = 1_700_000_000) throws -> String {
        let full = appending(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw TestFailure("could not create \(full)")
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(mtime))], ofItemAtPath: full)
        return full
    }

    /// The bytes of the file at `path` (a full path, as ``appending(_:)`` and ``write(_:_:mtime:)`` return).
    /// - Throws: ``TestFailure`` when it cannot be read.
    public func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("could not read \(path)") }
        return [UInt8](data)
    }

    /// Every path under `relative` (files and directories), relative to it, sorted.
    public func listing(_ relative: String = "") -> [String] {
        let root = relative.isEmpty ? path : appending(relative)
        return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    /// Every file (not directory) under `relative`, relative to it, sorted.
    public func files(under relative: String = "") -> [String] {
        let root = relative.isEmpty ? path : appending(relative)
        return listing(relative).filter { item in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + item, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }
}
