import CFuzzer
import Glibc
import Archiving

/// The fuzz input as the decompressed tar stream behind the zstd reader, handed out in reads of a size chosen
/// by the input, so that headers and pax records straddle the reader's refills.
private final class ChunkedSource: ByteSource {
    let bytes: UnsafeRawBufferPointer
    let chunk: Int
    var offset = 0

    init(bytes: UnsafeRawBufferPointer, chunk: Int) {
        self.bytes = bytes
        self.chunk = chunk
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, chunk, bytes.count - offset)
        guard count > 0 else { return 0 }
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
        offset += count
        return count
    }
}

/// Reads arbitrary bytes as a tar archive with ``TarReader``: every header (ustar, GNU long names, pax local
/// and global records, sparse extensions) and every member's data. The first byte sets the read size (1 to 8 KiB
/// in steps of 32 bytes, or 256 KiB); the rest is the archive.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTar(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = input.first else { return 0 }
    let chunk = first == 0xFF ? 256 << 10 : max(1, Int(first) * 32)
    let source = ChunkedSource(bytes: UnsafeRawBufferPointer(rebasing: input[1...]), chunk: chunk)
    let reader = TarReader(source: source, limits: ArchiveLimits())
    let data = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    defer { data.deallocate() }
    do {
        while let entry = try reader.nextEntry() {
            precondition(entry.size >= 0, "negative size in \(entry)")
            var read: Int64 = 0
            while case let got = try reader.readData(into: data), got > 0 { read += Int64(got) }
            // Only a file's size counts its data; an unsupported member's bytes are read but its size is 0.
            precondition(entry.kind != .file || read <= entry.size, "read \(read) bytes of a \(entry.size)-byte file")
        }
    } catch {}
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTar(data!, size) })
    }
}
