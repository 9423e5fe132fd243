@testable import Archiving
import Foundation
import Glibc

/// Builds tar streams byte by byte, including ones no honest writer makes.
struct RawTar {
    var bytes: [UInt8] = []

    /// Appends a ustar header (and `data`, padded) with any name, type and size field.
    mutating func member(
        _ name: String, type: Character = "0", data: [UInt8] = [], link: String = "",
        sizeField: [UInt8]? = nil, corruptChecksum: Bool = false, magic: String = "ustar\u{0}"
    ) {
        var block = TarHeaderBlock()
        block.setBytes(Array(name.utf8.prefix(100)), TarHeaderBlock.Field.name)
        block.setOctal(0o644, TarHeaderBlock.Field.mode)
        block.setOctal(0, TarHeaderBlock.Field.uid)
        block.setOctal(0, TarHeaderBlock.Field.gid)
        if let sizeField {
            block.setBytes(sizeField, TarHeaderBlock.Field.size)
        } else {
            block.setOctal(Int64(data.count), TarHeaderBlock.Field.size)
        }
        block.setOctal(1_700_000_000, TarHeaderBlock.Field.mtime)
        block.bytes[TarHeaderBlock.Field.typeflag] = type.asciiValue!
        block.setBytes(Array(link.utf8), TarHeaderBlock.Field.linkname)
        block.setBytes(Array(magic.utf8), TarHeaderBlock.Field.magic)
        block.setBytes(Array("00".utf8), TarHeaderBlock.Field.version)
        block.sealChecksum()
        if corruptChecksum { block.bytes[TarHeaderBlock.Field.checksum.lowerBound] ^= 0x01 }
        bytes += block.bytes
        bytes += data
        pad()
    }

    /// Appends a pax extended header with `records`, applying to the next member.
    mutating func pax(_ records: [(key: String, value: String)]) {
        let body = PaxRecords.encode(records.map { ($0.key, Array($0.value.utf8)) })
        member("././@PaxHeader", type: "x", data: body)
    }

    /// Appends a pax extended header holding `body` as it is, well formed or not.
    mutating func paxBody(_ body: [UInt8]) {
        member("././@PaxHeader", type: "x", data: body)
    }

    /// Appends a GNU long-name header for the next member.
    mutating func gnuLongName(_ name: String) {
        member("././@LongLink", type: "L", data: Array(name.utf8) + [0], magic: "ustar  \u{0}")
    }

    /// Appends the end-of-archive marker.
    mutating func end() { bytes += [UInt8](repeating: 0, count: 1024) }

    private mutating func pad() {
        let rest = bytes.count % 512
        if rest != 0 { bytes += [UInt8](repeating: 0, count: 512 - rest) }
    }
}

/// Compresses `bytes` with libzstd into a file at `path` (one frame, checksum on).
func writeZstd(_ bytes: [UInt8], to path: String, level: Int = 3) throws {
    let file = try SystemFile.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
    let compressor = try ZstdCompressor(options: ZstdOptions(level: level, workers: 0), destination: file)
    try bytes.withUnsafeBytes { try compressor.write($0) }
    try compressor.finish()
    try file.close()
}

/// Decompresses a whole file with the library (for small test archives).
func readZstd(_ path: String, maxRatio: Int = 0) throws -> [UInt8] {
    let file = try SystemFile.open(path, flags: O_RDONLY)
    let decompressor = try ZstdDecompressor(source: file, maxRatio: maxRatio, ratioGrace: 0)
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
        let count = try chunk.withUnsafeMutableBytes { try decompressor.read(into: $0) }
        if count == 0 { break }
        out += chunk[..<count]
    }
    return out
}
