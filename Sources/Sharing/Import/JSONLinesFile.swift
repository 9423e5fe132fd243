import Archiving
import Glibc

/// Reads a staged `data/*.jsonl` file one line at a time through a fixed buffer: memory holds one line
/// (at most ``maxLineBytes``), whatever the file's size.
struct JSONLinesFile {
    /// The temp file.
    let path: String
    /// The member it came from, for messages.
    let member: String
    /// The longest line accepted: far more than any record the toolkit writes.
    static let maxLineBytes = 4 << 20

    /// Calls `body` with each line's bytes (without its newline) and its number, from 1. A last line
    /// without a newline counts; an empty file has no lines.
    /// - Throws: `ArchiveError` naming the member and line, reason `line-too-long`; what `body` throws.
    func forEachLine(_ body: ([UInt8], Int) throws -> Void) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ArchiveError(.io, "cannot open the staged \(member)", entry: member, reason: "io")
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var line: [UInt8] = []
        var number = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(.io, "cannot read the staged \(member)", entry: member, reason: "io")
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                line += chunk[start..<index]
                number += 1
                try checkLength(line, number)
                try body(line, number)
                line.removeAll(keepingCapacity: true)
                start = index + 1
            }
            line += chunk[start..<count]
            try checkLength(line, number + 1)
        }
        if !line.isEmpty { try body(line, number + 1) }
    }

    private func checkLength(_ line: [UInt8], _ number: Int) throws {
        guard line.count > Self.maxLineBytes else { return }
        throw ArchiveError(
            .verificationFailed,
            "\(member) line \(number) is longer than \(Self.maxLineBytes >> 20) MiB; no record is that long, so "
                + "the bundle is damaged and nothing was imported", entry: member, reason: "line-too-long")
    }
}
