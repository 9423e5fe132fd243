import Foundation
import ToolkitTestSupport

/// The built `on-this-day` plugin, which `swift build` (and so `make test`) builds beside `toolkit`.
enum OnThisDayBinary {
    /// `$ON_THIS_DAY_BINARY`, else the one built with `toolkit` (`.build/debug/on-this-day`).
    /// - Throws: ``ToolkitTestSupport/TestFailure`` when it is not built.
    static func path() throws -> String {
        let environment = ProcessInfo.processInfo.environment["ON_THIS_DAY_BINARY"] ?? ""
        let path = environment.isEmpty ? ToolkitBinary.builtProduct("on-this-day") : environment
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("no on-this-day plugin at \(path): run `swift build` first, or set ON_THIS_DAY_BINARY")
        }
        return path
    }
}
