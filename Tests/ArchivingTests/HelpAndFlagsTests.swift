@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// The limit flags as a user types them (the help text is a snapshot in HelpSnapshotTests).
@Suite struct HelpAndFlagsTests {
    @Test(arguments: [
        ("--max-total-bytes", "1K", "total-size"), ("--max-member-bytes", "1KiB", "member-size"),
        ("--max-members", "2", "member-count"),
    ])
    func limitFlagsRefuseWithTheirReason(flag: String, value: String, reason: String) async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/a.bin", pseudoRandomBytes(600, seed: 1))
        try dir.write("tree/b.bin", pseudoRandomBytes(600, seed: 2))
        try dir.write("tree/c.bin", pseudoRandomBytes(2000, seed: 3))
        let packed = try await ToolkitBinary.run([
            "bundle", "pack", dir.appending("tree"), "-o", dir.appending("x.tar.zst"), "--quiet",
        ])
        #expect(packed.status == 0)
        let result = try await ToolkitBinary.run([
            "bundle", "unpack", dir.appending("x.tar.zst"), dir.appending("out"), "--quiet", flag, value,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("[\(reason)]\n"), "\(result.stderr)")
        #expect(dir.listing("out") == [])
    }

    @Test func aBadByteCountIsAUsageError() async throws {
        let result = try await ToolkitBinary.run(["bundle", "unpack", "x.tar.zst", "out", "--max-total-bytes", "lots"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--max-total-bytes"))
    }
}
