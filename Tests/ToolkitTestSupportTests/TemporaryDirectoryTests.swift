import Foundation
import Testing
import ToolkitTestSupport

struct TemporaryDirectoryTests {
    @Test func holdsWhatIsWrittenAndGoesAwayWithEverythingInIt() throws {
        var path = ""
        do {
            let directory = try TemporaryDirectory()
            path = directory.path
            #expect(path.hasPrefix("/tmp/tk-"), "short enough for a socket path")
            let file = try directory.write("a/b/c.bin", [1, 2, 3], mtime: 1_000_000_000)
            #expect(try directory.read(file) == [1, 2, 3])
            let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
            #expect(modified == Date(timeIntervalSince1970: 1_000_000_000))
            #expect(directory.listing() == ["a", "a/b", "a/b/c.bin"])
            #expect(directory.files(under: "a") == ["b/c.bin"])
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
