@testable import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// Header fields, pax records and the writer's determinism.
@Suite struct TarFormatTests {
    @Test(arguments: [
        ([UInt8]("0000644\0".utf8), TarHeaderBlock.Number.value(0o644)),
        ([UInt8]("   644 \0".utf8), .value(0o644)),
        ([UInt8]("\0\0\0\0\0\0\0\0".utf8), .value(0)),
        ([UInt8]("12x4\0\0\0\0".utf8), .notNumeric),
        ([UInt8]("-0000001".utf8), .negative),
        ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .negative),
        ([0x80, 0, 0, 0, 0, 0, 0x01, 0x00], .value(256)),
        ([0x80, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .tooLarge),
        ([0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], .value(0)),
    ])
    func numericFieldsParseLikeGNUTar(field: [UInt8], expected: TarHeaderBlock.Number) {
        var block = TarHeaderBlock()
        let range = 124..<(124 + field.count)  // the size field, or its first 8 bytes
        block.setBytes(field, range)
        #expect(block.number(range) == expected)
    }

    @Test(arguments: [1, 2, 5, 89, 90, 91, 995, 1000])
    func paxRecordsRoundTripAcrossLengthDigitBoundaries(valueLength: Int) throws {
        let value = [UInt8](repeating: UInt8(ascii: "a"), count: valueLength)
        let encoded = PaxRecords.encode([("path", value), ("size", Array("123".utf8))])
        let parsed = try PaxRecords.parse(encoded, entry: "x")
        #expect(parsed["path"] == value)
        #expect(parsed["size"] == Array("123".utf8))
    }

    @Test(arguments: ["13 path=abc\n", "5 path=abc\n", "x path=abc\n", "11 pathabc\n\n", "99999999999999 a=b\n"])
    func malformedPaxRecordsAreRefused(record: String) {
        #expect(throws: ArchiveError.self) { try PaxRecords.parse(Array(record.utf8), entry: "m") }
    }

    /// Each record is malformed in one way; each is refused as `bad-pax` naming the member.
    static let malformedRecords: [(name: String, bytes: [UInt8])] = [
        ("length one short", Array("11 path=abc\n".utf8)),
        ("length one long", Array("13 path=abc\n".utf8)),
        ("length one long, landing inside the next record", Array("13 path=abc\n12 path=xyz\n".utf8)),
        ("length zero", Array("0 path=abc\n".utf8)),
        ("NUL in the key", Array("12 pa".utf8) + [0] + Array("h=abc\n".utf8)),
        ("no '='", Array("11 pathabc\n".utf8)),
        ("empty key", Array("8 =abcd\n".utf8)),
        ("no newline at the end", Array("12 path=abcd".utf8)),
        ("key not UTF-8", Array("12 pa".utf8) + [0xFF] + Array("h=abc\n".utf8)),
        ("path not UTF-8", Array("12 path=a".utf8) + [0xFF] + Array("c\n".utf8)),
        ("linkpath not UTF-8", Array("16 linkpath=a".utf8) + [0xC3] + Array("c\n".utf8)),
        ("NUL in a path", Array("12 path=a".utf8) + [0] + Array("c\n".utf8)),
        ("GNU sparse name not UTF-8", Array("23 GNU.sparse.name=a".utf8) + [0xFF] + Array("c\n".utf8)),
    ]

    @Test(arguments: malformedRecords.indices)
    func malformedPaxRecordsAreRefusedAsBadPax(index: Int) {
        let (name, bytes) = Self.malformedRecords[index]
        let error = #expect(throws: ArchiveError.self, "\(name)") { try PaxRecords.parse(bytes, entry: "m") }
        #expect(error?.code == .badHeader, "\(name)")
        #expect(error?.reason == "bad-pax", "\(name)")
        #expect(error?.entry == "m", "\(name)")
    }

    @Test func aBinaryPathIsLeftToTheNameCheckWhenTheHeaderSaysItIsBinary() throws {
        // POSIX: hdrcharset=BINARY says the values are not UTF-8 (Python's tarfile writes it so).
        let path = Array("path=a".utf8) + [0xFF] + Array("c".utf8)
        let records = Array("21 hdrcharset=BINARY\n".utf8) + PaxRecords.encode([("path", Array(path.dropFirst(5)))])
        let parsed = try PaxRecords.parse(records, entry: "m")
        #expect(parsed["path"] == Array(path.dropFirst(5)))
    }

    @Test func valuesMayHoldNewlinesAndEqualsSigns() throws {
        let value = Array("a=b\nc".utf8)
        let parsed = try PaxRecords.parse(PaxRecords.encode([("comment", value)]), entry: "m")
        #expect(parsed["comment"] == value)
    }

    @Test func theSameMembersGiveTheSameBytes() async throws {
        let dir = try TemporaryDirectory()
        try dir.write("tree/b.txt", Array("bee".utf8))
        try dir.write("tree/a/한글 이름.txt", Array("unicode".utf8))
        try dir.write("tree/" + String(repeating: "n", count: 150), pseudoRandomBytes(5000, seed: 1))
        let members = try ArchiveMember.members(ofDirectory: dir.appending("tree"))
        let writer = ArchiveWriter(options: ZstdOptions(workers: 2))
        let first = try writer.writeBlocking(members, to: dir.appending("one.tar.zst"))
        let second = try writer.writeBlocking(members, to: dir.appending("two.tar.zst"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: first.path))
                == Data(contentsOf: URL(fileURLWithPath: second.path)))
        #expect(members.map(\.name) == ["a", "a/한글 이름.txt", "b.txt", String(repeating: "n", count: 150)])
        let sums = try await Command.shell("sha256sum b.txt", in: dir.appending("tree")).stdout.prefix(64)
        #expect(first.files.first { $0.path == "b.txt" }?.sha256 == String(sums))
    }

    @Test func sizesOver8GiBGoInAPaxSizeRecord() async throws {
        let dir = try TemporaryDirectory()
        // A 9 GiB sparse file would take minutes to compress; write just the header and check it.
        let sink = CollectingSink()
        let tar = TarWriter(sink: sink)
        let size: Int64 = 9 << 30
        var remaining = size
        _ = try? tar.appendFile(path: "huge.bin", size: size, mode: 0o644, modificationTime: 0) { buffer in
            if size - remaining >= 4 << 20 { throw TestFailure("stop after the headers") }
            let count = min(Int64(buffer.count), remaining)
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            remaining -= count
            return Int(count)
        }
        try tar.finish()
        try Data(sink.bytes.prefix(1024)).write(to: URL(fileURLWithPath: dir.appending("head.tar")))
        let header = try await Command.shell("head -c 1024 head.tar | strings", in: dir.path).stdout
        #expect(header.contains("size=\(size)"))
    }
}

/// Collects what a writer produces, for small in-memory checks.
final class CollectingSink: ByteSink {
    var bytes: [UInt8] = []
    func write(_ chunk: UnsafeRawBufferPointer) throws {
        if bytes.count < 1 << 20 { bytes += chunk.prefix(1 << 20) }  // the start is all the tests look at
    }
}
