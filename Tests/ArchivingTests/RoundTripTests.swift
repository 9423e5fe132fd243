@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// Generated trees through `toolkit bundle pack` and GNU tar, and through GNU tar and `toolkit bundle unpack`.
@Suite struct RoundTripTests {
    /// Builds a tree with empty files, a large sparse-looking file, long Unicode names and many small files.
    /// `ustarSafe` keeps every path within what ustar can store (100-byte names, 155-byte prefixes, ASCII).
    static func makeTree(in dir: TemporaryDirectory, ustarSafe: Bool = false) throws -> String {
        let root = "tree"
        try dir.write("\(root)/empty.txt", [])
        try FileManager.default.createDirectory(
            atPath: dir.appending("\(root)/empty-dir"), withIntermediateDirectories: true)
        var sparse = [UInt8](repeating: 0, count: 24 << 20)
        for offset in stride(from: 0, to: sparse.count, by: 1 << 20) { sparse[offset] = 0x5A }
        try dir.write("\(root)/media/sparse-looking.bin", sparse)
        try dir.write("\(root)/media/noise.bin", pseudoRandomBytes(3 << 20, seed: 42))
        for index in 0..<300 {
            try dir.write("\(root)/data/small/\(index / 50)/note-\(index).txt", Array("note \(index)\n".utf8))
        }
        if !ustarSafe {
            // 255 bytes: the longest name a Linux file system stores (85 three-byte Hangul syllables).
            let name255 = String(repeating: "산", count: 85)
            try dir.write("\(root)/\(name255)", Array("255-byte name".utf8))
            // A path over 1,000 bytes: five 200-byte Unicode directory names and a file.
            let component = String(repeating: "é", count: 100)
            let deep = Array(repeating: component, count: 5).joined(separator: "/") + "/강아지-산책.txt"
            #expect(deep.utf8.count >= 1000)
            try dir.write("\(root)/\(deep)", Array("deep".utf8))
        }
        return dir.appending(root)
    }

    @Test func packedTreesExtractIdenticallyWithGNUTar() async throws {
        let dir = try TemporaryDirectory()
        let tree = try Self.makeTree(in: dir)
        let packed = try await ToolkitBinary.run(["bundle", "pack", tree, "-o", dir.appending("out.tar.zst")])
        #expect(packed.status == 0, "\(packed.stderr)")
        #expect(packed.stdout.hasPrefix("packed "))
        try FileManager.default.createDirectory(atPath: dir.appending("gnu"), withIntermediateDirectories: true)
        let extracted = try await Command.run(
            "tar", ["--zstd", "-xf", dir.appending("out.tar.zst"), "-C", dir.appending("gnu")])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        #expect(try treesDiffer(tree, dir.appending("gnu")) == [])
        // Python's tarfile reads it too (pax for the long names).
        let python = try await Command.shell(
            "zstd -dc out.tar.zst | python3 -c 'import sys,tarfile; print(len(tarfile.open(fileobj=sys.stdin.buffer, "
                + "mode=\"r|\").getnames()))'",
            in: dir.path)
        #expect(python.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(dir.listing("tree").count))
    }

    @Test(arguments: ["pax", "gnu", "ustar"])
    func gnuTarArchivesUnpackIdentically(format: String) async throws {
        let dir = try TemporaryDirectory()
        let tree = try Self.makeTree(in: dir, ustarSafe: format == "ustar")
        let made = try await Command.shell(
            "tar --format=\(format) -cf - -C tree . | zstd -q -3 -o gnu.tar.zst", in: dir.path)
        #expect(made.status == 0, "\(made.stderr)")
        let unpacked = try await ToolkitBinary.run([
            "bundle", "unpack", dir.appending("gnu.tar.zst"), dir.appending("ours"),
        ])
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        #expect(unpacked.stdout.hasPrefix("unpacked "))
        #expect(try treesDiffer(tree, dir.appending("ours")) == [])
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.appending("ours/empty.txt"))
        let mtime = attributes[.modificationDate] as? Date
        #expect(mtime == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func pythonTarfilePaxArchivesUnpackIdentically() async throws {
        // Another writer's pax: Python's tarfile (pax is its default), with its own record order.
        let dir = try TemporaryDirectory()
        let tree = try Self.makeTree(in: dir)
        let made = try await Command.shell(
            "python3 -c 'import tarfile; t=tarfile.open(\"py.tar\", \"w\", format=tarfile.PAX_FORMAT); "
                + "t.add(\"tree\", arcname=\".\"); t.close()' && zstd -q py.tar -o py.tar.zst",
            in: dir.path)
        #expect(made.status == 0, "\(made.stderr)")
        let unpacked = try await ToolkitBinary.run([
            "bundle", "unpack", dir.appending("py.tar.zst"), dir.appending("ours"),
        ])
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        #expect(try treesDiffer(tree, dir.appending("ours")) == [])
    }

    @Test func verifyChecksEveryFileAgainstTheManifest() async throws {
        let dir = try TemporaryDirectory()
        let tree = try Self.makeTree(in: dir, ustarSafe: true)
        let packed = try await ToolkitBinary.run([
            "bundle", "pack", tree, "-o", dir.appending("m.tar.zst"), "--manifest",
        ])
        #expect(packed.status == 0, "\(packed.stderr)")
        let report = try await ArchiveVerifier().verify(archiveAt: dir.appending("m.tar.zst"))
        #expect(report.isIntact)
        #expect(report.manifest?.members.count == 303)
        let listed = try await Command.shell("zstd -dc m.tar.zst | tar -tf - | head -1", in: dir.path)
        #expect(listed.stdout == "manifest.json\n")
    }
}
