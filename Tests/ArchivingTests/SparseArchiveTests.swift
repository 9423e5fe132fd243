@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// GNU sparse members, made by GNU tar itself: refused by name, never unpacked as their raw map and data.
@Suite struct SparseArchiveTests {
    /// The GNU tar arguments of each way it stores a sparse file.
    static let formats: [String] = [
        "--format=pax --sparse-version=0.0", "--format=pax --sparse-version=0.1", "--format=pax --sparse-version=1.0",
        "--format=gnu",
    ]

    /// Makes `sparse.tar.zst` in `dir` with GNU tar: `before.txt`, the 10 MiB sparse file `pets/holes.bin`
    /// (one byte of data at its end, or one byte after each of `holes` holes), then `after.txt`.
    static func makeArchive(in dir: TemporaryDirectory, tarArguments: String, holes: Int = 1) async throws -> String {
        try dir.write("tree/before.txt", Array("before".utf8))
        try dir.write("tree/after.txt", Array("after".utf8))
        let writes = (1...holes).map {
            "printf x | dd of=pets/holes.bin bs=1 seek=\($0 * 1_048_576) conv=notrunc 2>/dev/null"
        }
        let made = try await Command.shell(
            """
            mkdir -p pets && truncate -s 10M pets/holes.bin && \(writes.joined(separator: " && "))
            tar --sparse \(tarArguments) -cf - before.txt pets/holes.bin after.txt | zstd -q -o ../sparse.tar.zst
            """, in: dir.appending("tree"))
        #expect(made.status == 0, "\(made.stderr)")
        return dir.appending("sparse.tar.zst")
    }

    @Test(arguments: formats)
    func aSparseMemberIsRefusedUnderItsRealNameAndNothingIsLeft(tarArguments: String) async throws {
        let dir = try TemporaryDirectory()
        let archive = try await Self.makeArchive(in: dir, tarArguments: tarArguments)
        let error = try #require(throws: ArchiveError.self) {
            try ArchiveExtractor().extractBlocking(archiveAt: archive, into: dir.appending("target"))
        }
        #expect(error.code == .unsupportedEntry, "\(error)")
        #expect(error.reason == "unsupported-type", "\(error)")
        #expect(error.entry == "pets/holes.bin", "\(error)")
        #expect(error.message.contains("pets/holes.bin: GNU sparse files are not supported"), "\(error)")
        #expect(dir.files(under: "target") == [], "no file (and no temp file) after the refusal")
    }

    @Test(arguments: formats)
    func listShowsASparseMemberUnderItsRealNameAndGoesOnPastIt(tarArguments: String) async throws {
        let dir = try TemporaryDirectory()
        // 8 data runs: the old GNU format needs extension blocks after the header for more than 4.
        let archive = try await Self.makeArchive(in: dir, tarArguments: tarArguments, holes: 8)
        let entries = try collectEntries(archive)
        #expect(entries.map(\.path) == ["before.txt", "pets/holes.bin", "after.txt"])
        #expect(entries[1].kind == .unsupported(typeflag: UInt8(ascii: "S")))
        #expect(entries[1].kind.description == "GNU sparse file")
    }

    @Test func theCommandLineNamesTheSparseMember() async throws {
        let dir = try TemporaryDirectory()
        let archive = try await Self.makeArchive(in: dir, tarArguments: "--format=pax --sparse-version=1.0")
        let result = try await ToolkitBinary.run(["bundle", "unpack", archive, dir.appending("target"), "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("pets/holes.bin: GNU sparse files are not supported"), "\(result.stderr)")
        #expect(result.stderr.contains("[unsupported-type]"))
        #expect(!result.stderr.contains("GNUSparseFile"))
    }

    private func collectEntries(_ archive: String) throws -> [TarEntry] {
        var entries: [TarEntry] = []
        try ArchiveReader().forEachEntry(archiveAt: archive) { entries.append($0) }
        return entries
    }
}
