@testable import Archiving
import Foundation
import Glibc
import Testing
import ToolkitTestSupport

/// zstd streams through libzstd, checked against the `zstd` command line tool.
@Suite struct ZstdStreamTests {
    @Test func compressedOutputIsReadByTheZstdTool() async throws {
        let dir = try TemporaryDirectory()
        let data = pseudoRandomBytes(3 << 20, seed: 7) + [UInt8](repeating: 65, count: 2 << 20)
        try writeZstd(data, to: dir.appending("a.zst"))
        try await Command.run("zstd", ["-q", "-d", dir.appending("a.zst"), "-o", dir.appending("a")])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.appending("a"))) == Data(data))
    }

    @Test(arguments: [0, 2]) func multithreadedCompressionRoundTrips(workers: Int) async throws {
        let dir = try TemporaryDirectory()
        let data = pseudoRandomBytes(1 << 20, seed: 3) + [UInt8](repeating: 0, count: 12 << 20)
        let file = try SystemFile.open(dir.appending("m.zst"), flags: O_WRONLY | O_CREAT, mode: 0o644)
        let compressor = try ZstdCompressor(options: ZstdOptions(level: 3, workers: workers), destination: file)
        for start in stride(from: 0, to: data.count, by: 100_000) {
            try data[start..<min(start + 100_000, data.count)].withUnsafeBytes { try compressor.write($0) }
        }
        try compressor.finish()
        try file.close()
        #expect(try readZstd(dir.appending("m.zst")) == data)
        let check = try await Command.run("zstd", ["-q", "-t", dir.appending("m.zst")])
        #expect(check.status == 0)
        #expect(
            try await Command.shell("zstd -lv '\(dir.appending("m.zst"))' | grep -c 'Check: XXH64'").stdout.contains(
                "1"))
    }

    @Test func severalFramesAndSkippableFramesAreOneStream() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("one", Array("first frame\n".utf8))
        try dir.write("two", Array("second frame\n".utf8))
        try await Command.shell("zstd -q one -o one.zst && zstd -q two -o two.zst", in: dir.path)
        // A skippable frame: magic 0x184D2A50 (little-endian), 4-byte length, payload.
        let skippable: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 5, 0, 0, 0] + Array("hello".utf8)
        let joined = try [dir.appending("one.zst"), dir.appending("two.zst")].map {
            try Data(contentsOf: URL(fileURLWithPath: $0))
        }
        try (joined[0] + Data(skippable) + joined[1]).write(to: URL(fileURLWithPath: dir.appending("all.zst")))
        #expect(try readZstd(dir.appending("all.zst")) == Array("first frame\nsecond frame\n".utf8))
    }

    @Test(arguments: [
        ("trailing garbage", "trailing-garbage"), ("truncated", "truncated-zstd"), ("bad checksum", "zstd-checksum"),
        ("empty", "empty"), ("not zstd", "not-zstd"), ("short trailing bytes", "truncated-zstd"),
    ])
    func damagedStreamsAreRefusedWithAReason(damage: String, reason: String) async throws {
        let dir = try TemporaryDirectory()
        let data = pseudoRandomBytes(200_000, seed: 11)
        try writeZstd(data, to: dir.appending("ok.zst"), level: 1)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.appending("ok.zst"))))
        switch damage {
        case "trailing garbage": bytes += Array("GARBAGE!".utf8)
        case "short trailing bytes": bytes += [0x28, 0xB5]
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "bad checksum": bytes[bytes.count - 2] ^= 0xFF  // the last 4 bytes are the XXH64 checksum
        case "empty": bytes = []
        default: bytes = Array("plain text, not zstd".utf8)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: dir.appending("bad.zst")))
        let error = try #require(throws: ArchiveError.self) { try readZstd(dir.appending("bad.zst")) }
        #expect(error.reason == reason, "\(error)")
        let check = try await Command.run("zstd", ["-q", "-t", dir.appending("bad.zst")])
        #expect(check.status != 0, "the zstd tool agrees it is bad")
    }

    @Test func aStreamInflatingBeyondTheRatioIsStoppedEarly() throws {
        let dir = try TemporaryDirectory()
        try writeZstd([UInt8](repeating: 0, count: 64 << 20), to: dir.appending("zeros.zst"), level: 1)
        let file = try SystemFile.open(dir.appending("zeros.zst"), flags: O_RDONLY)
        let decompressor = try ZstdDecompressor(source: file, maxRatio: 50, ratioGrace: 1 << 20)
        var chunk = [UInt8](repeating: 0, count: 128 << 10)
        let error = try #require(throws: ArchiveError.self) {
            while try chunk.withUnsafeMutableBytes({ try decompressor.read(into: $0) }) > 0 {}
        }
        #expect(error.code == .limitExceeded && error.reason == "ratio")
        #expect(decompressor.bytesOut < 4 << 20, "stopped soon after the grace, not at 64 MiB")
    }

    /// Jobs of 512 KiB reloading none, 1/32 or all of the window: every setting gives a stream the zstd tool reads.
    @Test(arguments: [1, 4, 9]) func smallJobsWithAnyOverlapRoundTrip(overlapLog: Int) async throws {
        let dir = try TemporaryDirectory()
        let text = Array(String(repeating: "보리 walked by the river #산책\n", count: 40_000).utf8)
        let data = text + pseudoRandomBytes(3 << 20, seed: 5) + text
        let file = try SystemFile.open(dir.appending("o.zst"), flags: O_WRONLY | O_CREAT, mode: 0o644)
        let options = ZstdOptions(workers: 2, jobSize: 512 << 10, overlapLog: overlapLog)
        let compressor = try ZstdCompressor(options: options, destination: file)
        try data.withUnsafeBytes { try compressor.write($0) }
        try compressor.finish()
        try file.close()
        try await Command.run("zstd", ["-q", "-d", dir.appending("o.zst"), "-o", dir.appending("o")])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.appending("o"))) == Data(data))
        #expect(compressor.bytesOut < Int64(data.count) * 3 / 4, "the text parts compress")
    }
}
