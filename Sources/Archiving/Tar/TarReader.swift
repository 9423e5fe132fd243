/// A streaming reader of tar archives from anyone: pax, ustar and GNU (`L`/`K` long names).
///
/// It verifies every header checksum; refuses negative, non-numeric and absurd sizes and an archive that
/// ends early; and enforces ``ArchiveLimits`` on the member count and on file sizes as each header is
/// read, before any data. Memory is bounded: one buffer, and metadata headers of at most `maxMetadataBytes`.
/// It does not judge paths or member kinds; ``ArchiveExtractor`` does. Not `Sendable`: one thread drives it.
package final class TarReader {
    private let source: any ByteSource
    private let limits: ArchiveLimits
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var sourceEnded = false
    private var remainingData: Int64 = 0
    private var remainingPadding = 0
    private var globalRecords: [String: [UInt8]] = [:]
    private var current: TarEntry?
    private var finished = false
    /// Members returned so far.
    package private(set) var memberCount = 0
    /// File data bytes announced by the headers so far.
    package private(set) var totalBytes: Int64 = 0
    /// Tar stream bytes consumed so far.
    package private(set) var offset: Int64 = 0

    private static let maxMetadataBytes: Int64 = 1 << 20

    /// Creates a reader over the (decompressed) tar stream `source`.
    package init(source: any ByteSource, limits: ArchiveLimits = ArchiveLimits()) {
        self.source = source
        self.limits = limits
        buffer = .allocate(byteCount: 256 << 10, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Moves to the next member, skipping what is left of the current one; `nil` after the last.
    /// After `nil`, the rest of the source has been read, so a compressed source's checksums are checked.
    /// - Throws: `ArchiveError.badHeader`, `.truncated`, `.limitExceeded`, `.unsupportedEntry`, or the
    ///   source's errors.
    package func nextEntry() throws -> TarEntry? {
        if finished { return nil }
        try skipRest()
        var records: [String: [UInt8]] = [:]
        var longName: [UInt8]?
        var longLink: [UInt8]?
        while true {
            let headerOffset = offset
            guard let block = try readBlock() else {
                throw ArchiveError(
                    .truncated,
                    "the tar archive ends without its end-of-archive marker after \(offset) bytes; "
                        + "it is truncated", entry: current?.path, reason: "truncated-tar")
            }
            if block.isZero {
                _ = try readBlock()  // the second zero block; GNU tar accepts a missing one too
                try drain()
                finished = true
                current = nil
                return nil
            }
            let rawName = block.text(TarHeaderBlock.Field.name)
            let label = String(decoding: longName ?? records["path"] ?? Array(rawName), as: UTF8.self)
            guard block.checksumIsValid else {
                throw ArchiveError(
                    .badHeader,
                    "\(label): the tar header at byte \(headerOffset) has a wrong checksum; "
                        + "the archive is corrupt", entry: label, reason: "bad-checksum")
            }
            var size = try number(block, TarHeaderBlock.Field.size, "size", label)
            if let paxSize = records["size"] {
                guard let value = PaxRecords.decimal(paxSize) else {
                    throw ArchiveError(
                        .badHeader, "\(label): the pax size is not a non-negative number", entry: label,
                        reason: "bad-size")
                }
                size = value
            }
            switch block.typeflag {
            case UInt8(ascii: "x"):
                records.merge(try PaxRecords.parse(try readMetadata(size, label), entry: label)) { $1 }
                continue
            case UInt8(ascii: "g"):
                globalRecords.merge(try PaxRecords.parse(try readMetadata(size, label), entry: label)) { $1 }
                continue
            case UInt8(ascii: "L"):
                longName = Array(try readMetadata(size, label).prefix { $0 != 0 })
                continue
            case UInt8(ascii: "K"):
                longLink = Array(try readMetadata(size, label).prefix { $0 != 0 })
                continue
            default:
                break
            }
            let merged = globalRecords.merging(records) { $1 }
            let entry = try makeEntry(block, merged, longName, longLink, size)
            if block.typeflag == UInt8(ascii: "S") { try skipSparseExtensions(block, entry.path) }
            try admit(entry)
            current = entry
            let hasData = entry.kind == .file || { if case .unsupported = entry.kind { true } else { false } }()
            remainingData = hasData ? size : 0
            remainingPadding = hasData ? Int((512 - size % 512) % 512) : 0
            return entry
        }
    }

    /// Reads the current member's data; returns 0 at its end.
    /// - Throws: `ArchiveError.truncated` naming the member if the archive ends inside it.
    package func readData(into target: UnsafeMutableRawBufferPointer) throws -> Int {
        guard remainingData > 0, !target.isEmpty else { return 0 }
        let wanted = Int(min(Int64(target.count), remainingData))
        var count: Int
        if start < end {
            count = min(wanted, end - start)
            target.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: count)
            start += count
        } else {
            count = sourceEnded ? 0 : try source.read(into: UnsafeMutableRawBufferPointer(rebasing: target[..<wanted]))
            if count == 0 {
                sourceEnded = true
                let path = current?.path ?? "?"
                throw ArchiveError(
                    .truncated,
                    "\(path): the archive ends \(remainingData) bytes before the end of this member; "
                        + "it is truncated", entry: path, reason: "truncated-tar")
            }
        }
        remainingData -= Int64(count)
        offset += Int64(count)
        return count
    }

    private func admit(_ entry: TarEntry) throws {
        memberCount += 1
        if memberCount > limits.maxMembers {
            throw ArchiveError(
                .limitExceeded,
                "\(entry.path): the archive has more than \(limits.maxMembers) members, "
                    + "the limit", entry: entry.path, reason: "member-count")
        }
        guard entry.kind == .file else { return }
        if entry.size > limits.maxMemberBytes {
            throw ArchiveError(
                .limitExceeded,
                "\(entry.path): \(entry.size) bytes is over the per-member limit of "
                    + "\(limits.maxMemberBytes) bytes", entry: entry.path, reason: "member-size")
        }
        totalBytes += entry.size
        if totalBytes > limits.maxTotalBytes {
            throw ArchiveError(
                .limitExceeded,
                "\(entry.path): the archive's files add up to more than the limit of "
                    + "\(limits.maxTotalBytes) bytes", entry: entry.path, reason: "total-size")
        }
    }

    private func makeEntry(
        _ block: TarHeaderBlock, _ records: [String: [UInt8]], _ longName: [UInt8]?, _ longLink: [UInt8]?,
        _ size: Int64
    ) throws -> TarEntry {
        var nameBytes = Array(block.text(TarHeaderBlock.Field.name))
        let magic = block.bytes[TarHeaderBlock.Field.magic]
        if magic.elementsEqual(Array("ustar\0".utf8)) {  // POSIX ustar: prefix field holds the leading path
            let prefix = block.text(TarHeaderBlock.Field.prefix)
            if !prefix.isEmpty { nameBytes = Array(prefix) + [UInt8(ascii: "/")] + nameBytes }
        }
        // GNU tar's pax sparse formats 0.1 and 1.0 keep the real name in GNU.sparse.name; the header's is
        // a made-up `GNUSparseFile.N/…`.
        let isSparse = block.typeflag == UInt8(ascii: "S") || records.keys.contains { $0.hasPrefix("GNU.sparse.") }
        nameBytes = (isSparse ? records["GNU.sparse.name"] : nil) ?? records["path"] ?? longName ?? nameBytes
        let linkBytes = records["linkpath"] ?? longLink ?? Array(block.text(TarHeaderBlock.Field.linkname))
        let validName = String(validating: nameBytes, as: UTF8.self)
        let path = validName ?? String(decoding: nameBytes, as: UTF8.self)
        var mtime = try number(block, TarHeaderBlock.Field.mtime, "modification time", path)
        if let paxTime = records["mtime"] {
            guard let seconds = PaxRecords.seconds(paxTime) else {
                throw ArchiveError(
                    .badHeader, "\(path): the pax mtime is not a number", entry: path, reason: "bad-mtime")
            }
            mtime = seconds
        }
        let mode = try number(block, TarHeaderBlock.Field.mode, "mode", path)
        var kind: TarEntry.Kind
        switch block.typeflag {
        case 0, UInt8(ascii: "0"), UInt8(ascii: "7"): kind = nameBytes.last == UInt8(ascii: "/") ? .directory : .file
        case UInt8(ascii: "1"): kind = .hardLink
        case UInt8(ascii: "2"): kind = .symbolicLink
        case UInt8(ascii: "3"): kind = .characterDevice
        case UInt8(ascii: "4"): kind = .blockDevice
        case UInt8(ascii: "5"): kind = .directory
        case UInt8(ascii: "6"): kind = .fifo
        case let flag: kind = .unsupported(typeflag: flag)
        }
        if isSparse { kind = .unsupported(typeflag: UInt8(ascii: "S")) }  // its data is a map, not the file
        let isLink = kind == .hardLink || kind == .symbolicLink
        return TarEntry(
            path: path, kind: kind, size: kind == .file ? size : 0, mode: UInt32(truncatingIfNeeded: mode & 0o7777),
            modificationTime: mtime, linkTarget: isLink ? String(decoding: linkBytes, as: UTF8.self) : nil,
            pathIsValidUTF8: validName != nil)
    }

    /// Skips the extension blocks of an old GNU sparse header ('S'): its map goes on in whole blocks
    /// after the header, outside the member's size, while the "is extended" byte is set.
    private func skipSparseExtensions(_ block: TarHeaderBlock, _ label: String) throws {
        var extended = block.bytes[TarHeaderBlock.Field.gnuSparseIsExtended] != 0
        var count = 0
        while extended {
            count += 1
            guard count <= Self.maxMetadataBytes / 512 else {
                throw ArchiveError(
                    .limitExceeded, "\(label): a GNU sparse map of over 1 MiB is over the limit for extended headers",
                    entry: label, reason: "metadata-size")
            }
            guard let next = try readBlock() else {
                throw ArchiveError(
                    .truncated, "\(label): the archive ends inside a GNU sparse map", entry: label,
                    reason: "truncated-tar")
            }
            extended = next.bytes[TarHeaderBlock.Field.gnuSparseExtensionIsExtended] != 0
        }
    }

    private func number(_ block: TarHeaderBlock, _ field: Range<Int>, _ what: String, _ label: String) throws -> Int64 {
        switch block.number(field) {
        case .value(let value): return value
        case .negative:
            throw ArchiveError(
                .badHeader, "\(label): the tar header's \(what) is negative", entry: label,
                reason: "negative-\(what == "size" ? "size" : "field")")
        case .tooLarge:
            throw ArchiveError(
                .badHeader, "\(label): the tar header's \(what) is absurdly large", entry: label,
                reason: "absurd-\(what == "size" ? "size" : "field")")
        case .notNumeric:
            throw ArchiveError(
                .badHeader, "\(label): the tar header's \(what) is not a number", entry: label,
                reason: "non-numeric-\(what == "size" ? "size" : "field")")
        }
    }

    private func readMetadata(_ size: Int64, _ label: String) throws -> [UInt8] {
        guard size <= Self.maxMetadataBytes else {
            throw ArchiveError(
                .limitExceeded, "\(label): an extended header of \(size) bytes is over the 1 MiB limit",
                entry: label, reason: "metadata-size")
        }
        var data = [UInt8](repeating: 0, count: Int(size))
        var filled = 0
        while filled < data.count {
            guard let block = try readBlock() else {
                throw ArchiveError(
                    .truncated, "\(label): the archive ends inside an extended header",
                    entry: label, reason: "truncated-tar")
            }
            let count = min(512, data.count - filled)
            data.replaceSubrange(filled..<filled + count, with: block.bytes[0..<count])
            filled += count
        }
        return data
    }

    private func skipRest() throws {
        while remainingData > 0 {
            if start < end {
                let count = Int(min(Int64(end - start), remainingData))
                start += count
                remainingData -= Int64(count)
                offset += Int64(count)
            } else if try fill(minimum: 1) == false {
                let path = current?.path ?? "?"
                throw ArchiveError(
                    .truncated,
                    "\(path): the archive ends \(remainingData) bytes before the end of this member; "
                        + "it is truncated", entry: path, reason: "truncated-tar")
            }
        }
        if remainingPadding > 0 {
            guard try fill(minimum: remainingPadding) else {
                throw ArchiveError(
                    .truncated, "the archive ends inside a member's padding; it is truncated",
                    entry: current?.path, reason: "truncated-tar")
            }
            start += remainingPadding
            offset += Int64(remainingPadding)
            remainingPadding = 0
        }
    }

    /// Reads one block; `nil` at a clean end of the source.
    private func readBlock() throws -> TarHeaderBlock? {
        guard try fill(minimum: 512) else {
            if start == end { return nil }
            throw ArchiveError(
                .truncated, "the archive ends inside a tar header; it is truncated",
                entry: current?.path, reason: "truncated-tar")
        }
        let block = TarHeaderBlock(bytes: Array(UnsafeRawBufferPointer(rebasing: buffer[start..<start + 512])))
        start += 512
        offset += 512
        return block
    }

    /// Ensures at least `minimum` buffered bytes; `false` if the source ends first.
    private func fill(minimum: Int) throws -> Bool {
        if end - start >= minimum { return true }
        if start > 0 {
            let count = end - start
            if count > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: count) }
            start = 0
            end = count
        }
        while end < minimum && !sourceEnded {
            let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
            if count == 0 { sourceEnded = true }
            end += count
        }
        return end - start >= minimum
    }

    /// Reads the rest of the source after the end-of-archive marker (record padding), so that a compressed
    /// source checks its last checksum and refuses trailing garbage.
    private func drain() throws {
        start = 0
        end = 0
        while !sourceEnded {
            if try source.read(into: buffer) == 0 { sourceEnded = true }
        }
    }
}
