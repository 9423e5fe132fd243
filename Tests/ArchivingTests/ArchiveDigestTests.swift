@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// The SHA-256 an archive's writer reports is the file's own, hashed as it was written (export and
/// `archive.create` report it without reading the file back).
@Suite struct ArchiveDigestTests {
    @Test(arguments: [0, 2]) func theReportedDigestIsThatOfTheFileOnDisk(workers: Int) async throws {
        let dir = try TemporaryDirectory()
        // Several of libzstd's jobs of incompressible and compressible data, so the workers' output interleaves.
        try dir.write("tree/noise.bin", pseudoRandomBytes(5 << 20, seed: 11))
        try dir.write("tree/zeros.bin", [UInt8](repeating: 0, count: 3 << 20))
        try dir.write("tree/note.txt", Array("산책 #walk\n".utf8))
        let members = try ArchiveMember.members(ofDirectory: dir.appending("tree"))
        let summary = try await ArchiveWriter(options: ZstdOptions(workers: workers))
            .write(members, to: dir.appending("out.tar.zst"))
        let sum = try await Command.shell("sha256sum out.tar.zst", in: dir.path).stdout.prefix(64)
        #expect(summary.sha256 == String(sum))
        #expect(summary.compressedBytes == Int64(try Data(contentsOf: URL(fileURLWithPath: summary.path)).count))
        let listing = try await Command.shell("tar --zstd -tf out.tar.zst", in: dir.path).stdout
        #expect(listing.split(separator: "\n").sorted() == ["noise.bin", "note.txt", "zeros.bin"])
    }
}
