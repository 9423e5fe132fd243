@testable import Archiving
import ChildProcesses
import Foundation
import Glibc
import Testing
import ToolkitTestSupport

/// `toolkit bundle list|verify|pack` as a person runs them: stdout, stderr and exit codes.
@Suite struct BundleCommandTests {
    private func packedTree(_ dir: TemporaryDirectory, manifest: Bool) async throws -> String {
        try dir.write("tree/data/pets.jsonl", Array("{\"name\":\"Kongi\"}\n".utf8))
        try dir.write("tree/media/photo.jpg", pseudoRandomBytes(100_000, seed: 2))
        var arguments = ["bundle", "pack", dir.appending("tree"), "-o", dir.appending("b.tar.zst"), "--quiet"]
        if manifest { arguments.append("--manifest") }
        let result = try await ToolkitBinary.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        return dir.appending("b.tar.zst")
    }

    @Test func listShowsEveryMemberWithKindModeAndSize() async throws {
        let dir = try TemporaryDirectory()
        let bundle = try await packedTree(dir, manifest: false)
        let result = try await ToolkitBinary.run(["bundle", "list", bundle, "--quiet"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("dir  0755"))
        #expect(lines[0].hasSuffix(" data/"))
        #expect(lines[1].hasPrefix("file 0644           17 2023-11-14T22:13:20"))
        #expect(lines[1].hasSuffix(" data/pets.jsonl"))
        #expect(lines[3].hasSuffix(" media/photo.jpg"))
        #expect(result.stderr == "4 members, 100.0 kB of file data\n")
    }

    @Test func listAsJSONDecodes() async throws {
        let dir = try TemporaryDirectory()
        let bundle = try await packedTree(dir, manifest: false)
        let result = try await ToolkitBinary.run(["bundle", "list", bundle, "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(items?.count == 4)
        #expect(items?.last?["path"] as? String == "media/photo.jpg")
        #expect(items?.last?["size"] as? Int == 100_000)
    }

    @Test func verifyPassesAnIntactBundleAndNamesATamperedMember() async throws {
        let dir = try TemporaryDirectory()
        let bundle = try await packedTree(dir, manifest: true)
        let ok = try await ToolkitBinary.run(["bundle", "verify", bundle, "--quiet"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("every file matches manifest.json (2 files)"))

        // Tamper: unpack with GNU tar, change one file, repack with GNU tar (keeping the manifest first).
        let tampered = try await Command.shell(
            """
            mkdir t && tar --zstd -xf b.tar.zst -C t && printf '{"name":"Mallory"}\\n' > t/data/pets.jsonl
            tar --format=pax -cf - -C t manifest.json data media | zstd -q -o bad.tar.zst
            """, in: dir.path)
        #expect(tampered.status == 0, "\(tampered.stderr)")
        let bad = try await ToolkitBinary.run(["bundle", "verify", dir.appending("bad.tar.zst"), "--quiet"])
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("FAILED"))
        #expect(bad.stderr.contains("data/pets.jsonl: 19 bytes in the archive, 17 in the manifest [size-mismatch]"))
    }

    @Test func verifyWithoutAManifestSaysWhatItChecked() async throws {
        let dir = try TemporaryDirectory()
        let bundle = try await packedTree(dir, manifest: false)
        let result = try await ToolkitBinary.run(["bundle", "verify", bundle, "--quiet"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("no manifest.json: only the zstd and tar checksums were checked"))
    }

    @Test func verifyRefusesACorruptFileWithExitStatus1() async throws {
        let dir = try TemporaryDirectory()
        let bundle = try await packedTree(dir, manifest: false)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundle)))
        bytes.removeLast(1000)
        try Data(bytes).write(to: URL(fileURLWithPath: bundle))
        let result = try await ToolkitBinary.run(["bundle", "verify", bundle, "--quiet"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("b.tar.zst: the zstd stream ends in the middle of a frame"))
    }

    @Test func packRefusesSymlinksInTheTreeAndLeavesNoFile() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/a.txt", [1])
        try FileManager.default.createSymbolicLink(atPath: dir.appending("tree/link"), withDestinationPath: "/etc")
        let result = try await ToolkitBinary.run([
            "bundle", "pack", dir.appending("tree"), "-o", dir.appending("x.tar.zst"),
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("link is not a regular file or directory"))
        #expect(dir.listing().filter { $0.hasSuffix("zst") || $0.contains(".part-") } == [])
    }

    @Test func packingAgainIntoTheTreeLeavesTheOldArchiveOut() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/a.txt", Array("a".utf8))
        for _ in 0..<2 {
            let result = try await ToolkitBinary.run([
                "bundle", "pack", dir.appending("tree"), "-o", dir.appending("tree/self.tar.zst"), "--quiet",
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let listed = try await Command.shell("tar --zstd -tf tree/self.tar.zst", in: dir.path)
        #expect(listed.stdout == "a.txt\n")
    }

    @Test func nonTerminalProgressIsPlainLines() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/big.bin", pseudoRandomBytes(20 << 20, seed: 4))
        let result = try await ToolkitBinary.run([
            "bundle", "pack", dir.appending("tree"), "-o", dir.appending("p.tar.zst"),
        ])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.last?.hasPrefix("packing: 100% (1 members") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("\r"))
    }

    @Test func aTerminalGetsAProgressBarRedrawnInPlace() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/big.bin", pseudoRandomBytes(20 << 20, seed: 4))
        // `script` runs the command on a pseudo-terminal, as a person at a terminal would.
        let command = "'\(ToolkitBinary.path)' bundle pack tree -o t.tar.zst"
        let result = try await Command.run("script", ["-qec", command, "/dev/null"], in: dir.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\r\u{1B}[2Kpacking [##############################] 100%"))
        #expect(!result.stdout.contains("packing: 100%"), "no plain progress lines on a terminal")
        #expect(result.stdout.contains("packed 1 members"))
    }

    @Test func sigkillDuringPackLeavesNothingUnderTheFinalName() throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/noise.bin", pseudoRandomBytes(48 << 20, seed: 8))
        try dir.write("old.tar.zst", Array("the previous archive".utf8))
        // Level 19 on incompressible data is slow, so the kill lands mid-write.
        let pack = try ChildProcess(
            ToolkitBinary.path,
            [
                "bundle", "pack", dir.appending("tree"), "-o", dir.appending("old.tar.zst"), "--level", "19",
                "--workers", "1", "--quiet",
            ])
        var sawTemp = false
        for _ in 0..<200 where !sawTemp {  // wait (at most 20 s) until the temp file has data
            usleep(100_000)
            sawTemp = dir.listing().contains { name in
                name.hasPrefix(".old.tar.zst.part-")
                    && ((try? FileManager.default.attributesOfItem(atPath: dir.appending(name))[.size] as? Int) ?? 0)
                        > 0
            }
        }
        #expect(sawTemp, "the pack had started writing its temp file")
        pack.send(SIGKILL)
        #expect(pack.wait().termination == .signalled(SIGKILL))
        #expect(try dir.read(dir.appending("old.tar.zst")) == Array("the previous archive".utf8))
        #expect(dir.listing().filter { $0.hasSuffix(".tar.zst") } == ["old.tar.zst"])
    }
}
