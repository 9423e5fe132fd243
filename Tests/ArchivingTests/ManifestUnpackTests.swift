@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// `unpack` checks every file against a `manifest.json` that comes first, and leaves nothing on a mismatch.
@Suite struct ManifestUnpackTests {
    /// The files the manifest of every case lists.
    static let listed: [(name: String, data: [UInt8])] = [
        ("a.txt", Array("alpha".utf8)), ("data/b.txt", Array("bravo".utf8)),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var code: ArchiveError.Code
        var reason: String
        var entry: String
        /// The members after the manifest: directories end in `/`.
        var members: [(name: String, data: [UInt8])]
        var manifest: [UInt8]?  // nil: a manifest of `listed`
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "same size, other bytes", code: .verificationFailed, reason: "sha256-mismatch", entry: "a.txt",
            members: [("a.txt", Array("alphX".utf8)), ("data/", []), ("data/b.txt", Array("bravo".utf8))]),
        Case(
            name: "a later file with other bytes", code: .verificationFailed, reason: "sha256-mismatch",
            entry: "data/b.txt",
            members: [("a.txt", Array("alpha".utf8)), ("data/", []), ("data/b.txt", Array("bravX".utf8))]),
        Case(
            name: "another size", code: .verificationFailed, reason: "size-mismatch", entry: "data/b.txt",
            members: [("a.txt", Array("alpha".utf8)), ("data/", []), ("data/b.txt", Array("bravo!".utf8))]),
        Case(
            name: "a file the manifest does not list", code: .verificationFailed, reason: "unexpected",
            entry: "data/c.txt",
            members: [
                ("a.txt", Array("alpha".utf8)), ("data/", []), ("data/b.txt", Array("bravo".utf8)),
                ("data/c.txt", Array("charlie".utf8)),
            ]),
        Case(
            name: "a listed file missing", code: .verificationFailed, reason: "missing", entry: "data/b.txt",
            members: [("a.txt", Array("alpha".utf8)), ("data/", [])]),
        Case(
            name: "a listed file twice", code: .verificationFailed, reason: "duplicate", entry: "./a.txt",
            members: [
                ("a.txt", Array("alpha".utf8)), ("data/", []), ("data/b.txt", Array("bravo".utf8)),
                ("./a.txt", Array("alpha".utf8)),
            ]),
        Case(
            name: "a manifest that is not JSON", code: .manifest, reason: "bad-manifest", entry: "manifest.json",
            members: [("a.txt", Array("alpha".utf8))], manifest: Array("{not json".utf8)),
    ]

    static func manifest(of files: [(name: String, data: [UInt8])]) async throws -> [UInt8] {
        let records = try await BundleManifest.records(
            hashing: files.map { ArchiveMember(name: $0.name, source: .bytes($0.data)) })
        return try BundleManifest(members: records).encoded()
    }

    static func archive(
        manifest: [UInt8], members: [(name: String, data: [UInt8])], in dir: TemporaryDirectory
    ) throws -> String {
        var raw = RawTar()
        raw.member("manifest.json", data: manifest)
        for member in members {
            raw.member(member.name, type: member.name.hasSuffix("/") ? "5" : "0", data: member.data)
        }
        raw.end()
        try writeZstd(raw.bytes, to: dir.appending("bundle.tar.zst"))
        return dir.appending("bundle.tar.zst")
    }

    @Test(arguments: cases)
    func aMismatchRefusesTheWholeArchiveAndLeavesNoFile(_ mismatch: Case) async throws {
        let dir = try TemporaryDirectory()
        var manifest = try await Self.manifest(of: Self.listed)
        if let given = mismatch.manifest { manifest = given }
        let archive = try Self.archive(manifest: manifest, members: mismatch.members, in: dir)
        try dir.write("target/a.txt", Array("older".utf8))  // replaced only by a complete, matching archive

        let error = try #require(throws: ArchiveError.self) {
            try ArchiveExtractor().extractBlocking(archiveAt: archive, into: dir.appending("target"))
        }
        #expect(error.code == mismatch.code, "\(error)")
        #expect(error.reason == mismatch.reason, "\(error)")
        #expect(error.entry == mismatch.entry, "\(error)")
        #expect(error.message.hasPrefix(mismatch.entry), "\(error)")
        #expect(dir.files(under: "target") == ["a.txt"], "no file under a real name and no temp file")
        #expect(try dir.read(dir.appending("target/a.txt")) == Array("older".utf8))
    }

    @Test func aMatchingArchiveUnpacksWithItsManifest() async throws {
        let dir = try TemporaryDirectory()
        let manifest = try await Self.manifest(of: Self.listed)
        let archive = try Self.archive(
            manifest: manifest, members: [("a.txt", Array("alpha".utf8)), ("data/", [])] + [Self.listed[1]], in: dir)
        let summary = try ArchiveExtractor().extractBlocking(archiveAt: archive, into: dir.appending("target"))
        #expect(summary.files == 3)
        #expect(summary.manifest?.members.count == 2)
        #expect(dir.files(under: "target") == ["a.txt", "data/b.txt", "manifest.json"])
        #expect(try dir.read(dir.appending("target/manifest.json")) == manifest)
        #expect(try dir.read(dir.appending("target/data/b.txt")) == Array("bravo".utf8))
    }

    @Test func aManifestThatIsNotFirstIsAnOrdinaryFile() throws {
        let dir = try TemporaryDirectory()
        var raw = RawTar()
        raw.member("a.txt", data: Array("alpha".utf8))
        raw.member("manifest.json", data: Array("{\"web\": \"app manifest\"}".utf8))
        raw.end()
        try writeZstd(raw.bytes, to: dir.appending("plain.tar.zst"))
        let summary = try ArchiveExtractor().extractBlocking(
            archiveAt: dir.appending("plain.tar.zst"), into: dir.appending("target"))
        #expect(summary.manifest == nil)
        #expect(dir.files(under: "target") == ["a.txt", "manifest.json"])
    }

    @Test func aBundlePackedWithAManifestUnpacksAndSaysItMatched() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/data/pets.jsonl", Array("{\"name\":\"Kongi\"}\n".utf8))
        try dir.write("tree/media/photo.jpg", pseudoRandomBytes(3 << 20, seed: 2))
        let packed = try await ToolkitBinary.run([
            "bundle", "pack", dir.appending("tree"), "-o", dir.appending("b.tar.zst"), "--manifest", "--quiet",
        ])
        #expect(packed.status == 0, "\(packed.stderr)")
        let result = try await ToolkitBinary.run(["bundle", "unpack", dir.appending("b.tar.zst"), dir.appending("out")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("every file matches manifest.json (2 files)"), "\(result.stdout)")
        #expect(try treesDiffer(dir.appending("tree"), dir.appending("out")).filter { !$0.contains("manifest") } == [])
    }

    @Test func theCommandLineNamesTheMismatchedMemberAndLeavesNothing() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/data/pets.jsonl", Array("{\"name\":\"Kongi\"}\n".utf8))
        try dir.write("tree/media/photo.jpg", pseudoRandomBytes(100_000, seed: 2))
        let packed = try await ToolkitBinary.run([
            "bundle", "pack", dir.appending("tree"), "-o", dir.appending("b.tar.zst"), "--manifest", "--quiet",
        ])
        #expect(packed.status == 0, "\(packed.stderr)")
        // Tamper with GNU tar: the same size, other bytes; the manifest stays first.
        let tampered = try await Command.shell(
            """
            mkdir t && tar --zstd -xf b.tar.zst -C t && printf '{"name":"Mallo"}\\n' > t/data/pets.jsonl
            tar --format=pax -cf - -C t manifest.json data media | zstd -q -o bad.tar.zst
            """, in: dir.path)
        #expect(tampered.status == 0, "\(tampered.stderr)")
        let result = try await ToolkitBinary.run([
            "bundle", "unpack", dir.appending("bad.tar.zst"), dir.appending("out"), "--quiet",
        ])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("data/pets.jsonl: its SHA-256 is "), "\(result.stderr)")
        #expect(result.stderr.contains("[sha256-mismatch]"))
        #expect(dir.files(under: "out") == [])
    }
}
