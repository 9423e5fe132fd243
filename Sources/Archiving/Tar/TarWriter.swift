package import Hashing

/// A streaming POSIX pax tar writer.
///
/// Members are written in the order given, owner and group fixed to 0 with no names, so the same input
/// gives the same bytes. Names longer than 100 bytes or not ASCII, sizes of 8 GiB and more, and times
/// that do not fit the ustar fields go in a pax extended header, which GNU tar, bsdtar and Python's
/// tarfile read. File data is hashed (SHA-256) while it is written. Output goes through a staging buffer of
/// `stagingBytes` into a ``ByteSink``. Not `Sendable`: one thread drives it.
package final class TarWriter {
    private let sink: any ByteSink
    private let staging: UnsafeMutableRawBufferPointer
    private var used = 0
    /// Tar bytes produced so far (including what is still staged).
    package private(set) var bytesWritten: Int64 = 0

    private static let maxOctal11: Int64 = 0o77777777777
    private static let recordSize = 10240
    /// How much output is gathered before each write to the sink.
    private static let stagingBytes = 1 << 20

    /// Creates a writer producing the tar stream into `sink`.
    package init(sink: any ByteSink) {
        self.sink = sink
        staging = .allocate(byteCount: Self.stagingBytes, alignment: 16)
    }

    deinit { staging.deallocate() }

    /// Appends a directory member (its name gets a trailing `/`).
    /// - Throws: `ArchiveError.invalidArgument` for a name that cannot be stored safely; the sink's errors.
    package func appendDirectory(path: String, mode: UInt32, modificationTime: Int64) throws {
        let name = try Self.checkedName(path)
        try writeHeaders(name: name + "/", typeflag: UInt8(ascii: "5"), size: 0, mode: mode, mtime: modificationTime)
    }

    /// Appends a regular file of exactly `size` bytes, pulling its data from `read` (which returns 0 at
    /// the end), and returns the data's SHA-256.
    /// - Throws: `ArchiveError.io` naming the member if the data is shorter or longer than `size`;
    ///   `.invalidArgument` for an unusable name; the sink's errors.
    package func appendFile(
        path: String, size: Int64, mode: UInt32, modificationTime: Int64,
        read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws -> SHA256.Digest {
        let name = try Self.checkedName(path)
        try writeHeaders(name: name, typeflag: UInt8(ascii: "0"), size: size, mode: mode, mtime: modificationTime)
        var hasher = SHA256()
        var remaining = size
        while remaining > 0 {
            if used == staging.count { try flush() }
            let room = min(Int64(staging.count - used), remaining)
            let target = UnsafeMutableRawBufferPointer(rebasing: staging[used..<used + Int(room)])
            let count = try read(target)
            if count == 0 {
                throw ArchiveError(
                    .io,
                    "\(path) became shorter while being packed (\(size - remaining) of \(size) bytes); "
                        + "pack again when nothing is writing to it", entry: path, reason: "changed-while-reading")
            }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: target[..<count]))
            used += count
            remaining -= Int64(count)
            bytesWritten += Int64(count)
        }
        var probe: UInt8 = 0
        if try withUnsafeMutableBytes(of: &probe, { try read($0) }) != 0 {
            throw ArchiveError(
                .io, "\(path) grew while being packed (it had \(size) bytes); pack again when nothing is writing to it",
                entry: path, reason: "changed-while-reading")
        }
        try pad(to: 512)
        return hasher.finalize()
    }

    /// Writes the end-of-archive marker, pads to a whole 10 KiB record like GNU tar, and flushes.
    /// - Throws: the sink's errors.
    package func finish() throws {
        try writeZeros(1024)
        try pad(to: Self.recordSize)
        try flush()
    }

    /// Refuses names that would be unsafe to extract or cannot be stored.
    private static func checkedName(_ path: String) throws -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !path.hasPrefix("/"), !components.isEmpty, !path.utf8.contains(0),
            !components.contains(where: { $0 == ".." || $0 == "." })
        else {
            throw ArchiveError(
                .invalidArgument, "'\(path)' cannot be a member name: use a relative path without '.' or '..' parts",
                entry: path, reason: "bad-name")
        }
        return components.joined(separator: "/")
    }

    private func writeHeaders(name: String, typeflag: UInt8, size: Int64, mode: UInt32, mtime: Int64) throws {
        let nameBytes = Array(name.utf8)
        var records: [(key: String, value: [UInt8])] = []
        if nameBytes.count > 100 || nameBytes.contains(where: { $0 >= 0x80 }) {
            records.append(("path", nameBytes))
        }
        if mtime < 0 || mtime > Self.maxOctal11 { records.append(("mtime", Array(String(mtime).utf8))) }
        if size > Self.maxOctal11 { records.append(("size", Array(String(size).utf8))) }
        records.sort { $0.key < $1.key }
        let clampedTime = min(max(mtime, 0), Self.maxOctal11)
        if !records.isEmpty {
            let body = PaxRecords.encode(records)
            try writeBlock(
                header(
                    name: Array("././@PaxHeader".utf8), typeflag: UInt8(ascii: "x"), size: Int64(body.count),
                    mode: 0o644, mtime: clampedTime))
            try writeBytes(body)
            try pad(to: 512)
        }
        try writeBlock(
            header(
                name: Self.fallbackName(nameBytes), typeflag: typeflag, size: size > Self.maxOctal11 ? 0 : size,
                mode: mode & 0o7777, mtime: clampedTime))
    }

    /// The ustar name field's content when the real name is in a pax record: at most 100 bytes, cut at
    /// a character boundary.
    private static func fallbackName(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > 100 else { return bytes }
        var cut = 100
        while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return Array(bytes[..<cut])
    }

    private func header(name: [UInt8], typeflag: UInt8, size: Int64, mode: UInt32, mtime: Int64) -> TarHeaderBlock {
        var block = TarHeaderBlock()
        block.setBytes(name, TarHeaderBlock.Field.name)
        block.setOctal(Int64(mode), TarHeaderBlock.Field.mode)
        block.setOctal(0, TarHeaderBlock.Field.uid)
        block.setOctal(0, TarHeaderBlock.Field.gid)
        block.setOctal(size, TarHeaderBlock.Field.size)
        block.setOctal(mtime, TarHeaderBlock.Field.mtime)
        block.bytes[TarHeaderBlock.Field.typeflag] = typeflag
        block.setBytes(Array("ustar\0".utf8), TarHeaderBlock.Field.magic)
        block.setBytes(Array("00".utf8), TarHeaderBlock.Field.version)
        block.sealChecksum()
        return block
    }

    private func writeBlock(_ block: TarHeaderBlock) throws { try writeBytes(block.bytes) }

    private func writeBytes(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                if used == staging.count { try flush() }
                let count = min(staging.count - used, raw.count - offset)
                (staging.baseAddress! + used).copyMemory(from: raw.baseAddress! + offset, byteCount: count)
                used += count
                offset += count
            }
        }
        bytesWritten += Int64(bytes.count)
    }

    private func writeZeros(_ count: Int) throws {
        var left = count
        while left > 0 {
            if used == staging.count { try flush() }
            let chunk = min(staging.count - used, left)
            (staging.baseAddress! + used).initializeMemory(as: UInt8.self, repeating: 0, count: chunk)
            used += chunk
            left -= chunk
        }
        bytesWritten += Int64(count)
    }

    private func pad(to multiple: Int) throws {
        let rest = Int(bytesWritten % Int64(multiple))
        if rest != 0 { try writeZeros(multiple - rest) }
    }

    private func flush() throws {
        guard used > 0 else { return }
        try sink.write(UnsafeRawBufferPointer(rebasing: staging[..<used]))
        used = 0
    }
}
