import Foundation
import ToolkitTestSupport

/// The tiny image files of MediaTests (`Tests/MediaTests/Fixtures`), which the diary's tests import.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaTests/Fixtures").path

    static func bytes(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            throw TestFailure("missing fixture \(name)")
        }
        return [UInt8](data)
    }
}
