import Foundation
import ToolkitTestSupport

/// The committed fixture files (see `Fixtures/make-fixtures.py`).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func path(_ name: String) -> String { directory + "/" + name }

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(name)) else {
            throw TestFailure("missing fixture \(name)")
        }
        return [UInt8](data)
    }
}
