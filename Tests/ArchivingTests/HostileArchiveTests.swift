@testable import Archiving
import Foundation
import Glibc
import Testing
import ToolkitTestSupport

/// Archives made to hurt: each is refused with the member and the reason, and nothing lands outside the target.
@Suite struct HostileArchiveTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var code: ArchiveError.Code
        var reason: String
        var entry: String?
        var make: @Sendable (_ sandbox: String) throws -> [UInt8]  // the .tar.zst file's bytes
        var testDescription: String { name }
    }

    static func zstd(_ tar: RawTar) throws -> [UInt8] {
        let dir = try TemporaryDirectory()
        try writeZstd(tar.bytes, to: dir.appending("x"))
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.appending("x"))))
    }

    static func tar(_ build: (inout RawTar) -> Void) throws -> [UInt8] {
        var raw = RawTar()
        raw.member("ok.txt", data: Array("fine".utf8))
        build(&raw)
        return try zstd(raw)
    }

    static let cases: [Case] = [
        Case(name: "dot-dot traversal", code: .unsafeEntry, reason: "path-traversal", entry: "../outside/evil.txt") {
            _ in
            try tar {
                $0.member("../outside/evil.txt", data: Array("x".utf8)); $0.end()
            }
        },
        Case(name: "traversal inside a path", code: .unsafeEntry, reason: "path-traversal", entry: "a/../../outside/e")
        { _ in
            try tar {
                $0.member("a/../../outside/e", data: Array("x".utf8)); $0.end()
            }
        },
        Case(name: "absolute path", code: .unsafeEntry, reason: "absolute-path", entry: nil) { sandbox in
            try tar {
                $0.member(sandbox + "/outside/abs.txt", data: Array("x".utf8)); $0.end()
            }
        },
        Case(name: "pax path with dot-dot", code: .unsafeEntry, reason: "path-traversal", entry: "../outside/pax") {
            _ in
            try tar {
                $0.pax([("path", "../outside/pax")]); $0.member("innocent", data: [1]); $0.end()
            }
        },
        Case(name: "pax path not UTF-8", code: .badHeader, reason: "bad-pax", entry: "././@PaxHeader") { _ in
            try tar {
                $0.paxBody(Array("12 path=a".utf8) + [0xFF] + Array("c\n".utf8)); $0.member("innocent", data: [1])
                $0.end()
            }
        },
        Case(name: "pax record without a newline", code: .badHeader, reason: "bad-pax", entry: "././@PaxHeader") { _ in
            try tar {
                $0.paxBody(Array("12 path=abcd".utf8)); $0.member("innocent", data: [1]); $0.end()
            }
        },
        Case(name: "GNU long name, absolute", code: .unsafeEntry, reason: "absolute-path", entry: "/tmp/gnu-long-evil")
        { _ in
            try tar {
                $0.gnuLongName("/tmp/gnu-long-evil"); $0.member("innocent", data: [1]); $0.end()
            }
        },
        Case(name: "symlink escape", code: .unsafeEntry, reason: "symlink", entry: "link") { sandbox in
            try tar {
                $0.member("link", type: "2", link: sandbox + "/outside")
                $0.member("link/evil.txt", data: Array("x".utf8))
                $0.end()
            }
        },
        Case(name: "hardlink escape", code: .unsafeEntry, reason: "hardlink", entry: "passwd") { _ in
            try tar {
                $0.member("passwd", type: "1", link: "/etc/passwd"); $0.end()
            }
        },
        Case(name: "character device", code: .unsafeEntry, reason: "device", entry: "null") { _ in
            try tar {
                $0.member("null", type: "3"); $0.end()
            }
        },
        Case(name: "FIFO", code: .unsafeEntry, reason: "fifo", entry: "pipe") { _ in
            try tar {
                $0.member("pipe", type: "6"); $0.end()
            }
        },
        Case(name: "bad header checksum", code: .badHeader, reason: "bad-checksum", entry: "second.txt") { _ in
            try tar {
                $0.member("second.txt", data: [1, 2, 3], corruptChecksum: true); $0.end()
            }
        },
        Case(name: "negative size", code: .badHeader, reason: "negative-size", entry: "neg.bin") { _ in
            try tar {
                $0.member(
                    "neg.bin", sizeField: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
                $0.end()
            }
        },
        Case(name: "non-numeric size", code: .badHeader, reason: "non-numeric-size", entry: "nan.bin") { _ in
            try tar {
                $0.member("nan.bin", sizeField: Array("12abc\0".utf8)); $0.end()
            }
        },
        Case(name: "absurd size", code: .limitExceeded, reason: "member-size", entry: "huge.bin") { _ in
            try tar {
                $0.member("huge.bin", sizeField: [0x80, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0]); $0.end()
            }  // 2^60 bytes
        },
        Case(name: "truncated tar", code: .truncated, reason: "truncated-tar", entry: "cut.bin") { _ in
            var raw = RawTar()
            raw.member("ok.txt", data: Array("fine".utf8))
            raw.member("cut.bin", data: pseudoRandomBytes(10_000, seed: 5))
            raw.bytes.removeLast(6000)
            return try zstd(raw)
        },
        Case(name: "truncated zstd", code: .truncated, reason: "truncated-zstd", entry: nil) { _ in
            var bytes = try tar {
                $0.member("data.bin", data: pseudoRandomBytes(300_000, seed: 9)); $0.end()
            }
            bytes.removeLast(bytes.count / 2)
            return bytes
        },
        Case(name: "corrupted zstd", code: .corruptCompression, reason: "zstd-checksum", entry: nil) { _ in
            var bytes = try tar {
                $0.member("data.bin", data: pseudoRandomBytes(300_000, seed: 9)); $0.end()
            }
            for index in stride(from: bytes.count / 2, to: bytes.count / 2 + 64, by: 1) { bytes[index] ^= 0xA5 }
            return bytes
        },
        Case(name: "zstd bomb", code: .limitExceeded, reason: "ratio", entry: nil) { sandbox in
            // A 4 GiB member of zeros: a few hundred kB compressed.
            let path = sandbox + "/bomb.zst"
            let file = try SystemFile.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
            let compressor = try ZstdCompressor(options: ZstdOptions(level: 1, workers: 0), destination: file)
            var raw = RawTar()
            raw.member("bomb.bin", sizeField: Array("40000000000\0".utf8))
            try raw.bytes.withUnsafeBytes { try compressor.write($0) }
            let zeros = [UInt8](repeating: 0, count: 1 << 20)
            for _ in 0..<(4 << 10) { try zeros.withUnsafeBytes { try compressor.write($0) } }
            try compressor.finish()
            try file.close()
            defer { unlink(path) }
            return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        },
    ]

    @Test(arguments: cases)
    func hostileArchiveIsRefusedAndNothingEscapes(_ hostile: Case) throws {
        let sandbox = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: sandbox.appending("outside"), withIntermediateDirectories: true)
        let archive = sandbox.appending("hostile.tar.zst")
        try Data(try hostile.make(sandbox.path)).write(to: URL(fileURLWithPath: archive))

        let error = try #require(throws: ArchiveError.self) {
            try ArchiveExtractor().extractBlocking(archiveAt: archive, into: sandbox.appending("target"))
        }
        #expect(error.code == hostile.code, "\(error)")
        #expect(error.reason == hostile.reason, "\(error)")
        if let entry = hostile.entry {
            #expect(error.entry == entry)
            #expect(error.message.contains(entry))
        }
        #expect(sandbox.listing("outside") == [], "nothing written outside the target")
        #expect(sandbox.listing().filter { !$0.hasPrefix("target") && !$0.hasPrefix("outside") } == ["hostile.tar.zst"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/gnu-long-evil"))
        let left = sandbox.listing("target")
        #expect(left == [], "no file under a real name and no temp file after a failure: \(left)")
    }

    @Test func aSymlinkAlreadyInTheTargetIsNotFollowed() throws {
        let sandbox = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: sandbox.appending("outside"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sandbox.appending("target"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.appending("target/sub"), withDestinationPath: sandbox.appending("outside"))
        var raw = RawTar()
        raw.member("sub/evil.txt", data: Array("x".utf8))
        raw.end()
        try Data(try Self.zstd(raw)).write(to: URL(fileURLWithPath: sandbox.appending("a.tar.zst")))
        let error = try #require(throws: ArchiveError.self) {
            try ArchiveExtractor().extractBlocking(
                archiveAt: sandbox.appending("a.tar.zst"), into: sandbox.appending("target"))
        }
        #expect(error.reason == "not-a-directory" && error.entry == "sub/evil.txt")
        #expect(sandbox.listing("outside") == [])
    }

    @Test func theMemberCountLimitIsEnforced() throws {
        let sandbox = try TemporaryDirectory()
        var raw = RawTar()
        for index in 0..<20 { raw.member("f\(index)", data: [UInt8(index)]) }
        raw.end()
        try Data(try Self.zstd(raw)).write(to: URL(fileURLWithPath: sandbox.appending("many.tar.zst")))
        let error = try #require(throws: ArchiveError.self) {
            try ArchiveExtractor(limits: ArchiveLimits(maxMembers: 10))
                .extractBlocking(archiveAt: sandbox.appending("many.tar.zst"), into: sandbox.appending("target"))
        }
        #expect(error.reason == "member-count" && error.entry == "f10")
        #expect(sandbox.listing("target") == [])
    }

    @Test func theCommandLineNamesTheMemberAndTheReason() async throws {
        let sandbox = try TemporaryDirectory()
        var raw = RawTar()
        raw.member("../escape.txt", data: Array("x".utf8))
        raw.end()
        try Data(try Self.zstd(raw)).write(to: URL(fileURLWithPath: sandbox.appending("evil.tar.zst")))
        let result = try await ToolkitBinary.run([
            "bundle", "unpack", sandbox.appending("evil.tar.zst"), sandbox.appending("target"), "--quiet",
        ])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("../escape.txt: paths with '..' are refused"))
        #expect(result.stderr.contains("[path-traversal]"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.appending("escape.txt")))
    }
}
