#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A directory of its own for one test, removed when the test is done. Paths are short (`/tmp/tk-…`)
/// because a Unix socket path must fit in 108 bytes.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        var template = Array("/tmp/tk-XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        path = String(cString: result)
    }

    /// A path inside the directory.
    public func appending(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
