/// One element of an EBML file (WebM, Matroska): its ID and where its data lies.
///
/// An element is an ID and a size, each a variable-length integer, then its data. Headers are read and data
/// skipped by seeking, as ``ISOBox`` does for MP4, so a 2 GB cluster costs one 12-byte read.
struct EBMLElement {
    /// The ID as written, length marker included (`0x18538067` is the Segment).
    let id: UInt32
    /// The offset of the first data byte.
    let dataStart: Int64
    /// The offset just past the element; for an element of unknown size, the end of its parent.
    let end: Int64

    var dataSize: Int64 { end - dataStart }

    /// The elements whose size may be left unknown ("up to the end of the parent"), as a live recording
    /// writes them: the Segment and its Clusters.
    static let unknownSizeAllowed: Set<UInt32> = [MatroskaID.segment, MatroskaID.cluster]

    /// The elements laid end to end in `range`, at most `maximum` of them, up to the first whose ID is in
    /// `wanted` (included). Every element must lie within `range`, except that a Cluster stopped at may run
    /// past it (its end is then the range's): a cluster cut short is media data that began, as an MP4's
    /// `mdat` cut short is.
    /// - Throws: `MediaError.notMedia` for a malformed header, an element that runs past its parent
    ///   (`"truncated"` when past the end of the content), an unknown size where none is allowed, or more
    ///   than `maximum` elements.
    static func children(
        of source: some ByteSource, in range: Range<Int64>, maximum: Int, stopAt wanted: Set<UInt32> = [],
        format: String
    ) throws -> [EBMLElement] {
        var elements: [EBMLElement] = []
        var offset = range.lowerBound
        while offset + 2 <= range.upperBound {
            guard elements.count < maximum else {
                throw MediaError.notMedia(
                    "the \(format) file has more than \(maximum) elements in one place", reason: "too-many-elements")
            }
            let (id, dataStart, size) = try declaredHeader(source, at: offset, limit: range.upperBound, format: format)
            if wanted.contains(id), id == MatroskaID.cluster {
                let end = size.map { min(range.upperBound, dataStart + $0) } ?? range.upperBound
                elements.append(EBMLElement(id: id, dataStart: dataStart, end: max(dataStart, end)))
                break
            }
            let element = try fitted(id, dataStart: dataStart, size: size, limit: range.upperBound, source, format)
            elements.append(element)
            if wanted.contains(id) { break }
            offset = element.end
        }
        return elements
    }

    /// The element of `id` whose data starts at `dataStart` with the declared `size` (`nil`: unknown),
    /// checked to end by `limit`.
    private static func fitted(
        _ id: UInt32, dataStart: Int64, size: Int64?, limit: Int64, _ source: some ByteSource, _ format: String
    ) throws -> EBMLElement {
        let name = MatroskaID.name(id)
        guard let size else {
            guard unknownSizeAllowed.contains(id) else {
                throw MediaError.notMedia(
                    "the \(format) file's \(name) has an unknown size, which only a Segment or Cluster may have;"
                        + " the file is damaged",
                    reason: "bad-element-size")
            }
            return EBMLElement(id: id, dataStart: dataStart, end: limit)
        }
        guard size <= limit - dataStart else {
            if limit == source.size {
                throw MediaError.notMedia(
                    "the \(format) file's \(name) runs past the end of the content; is the file truncated?",
                    reason: "truncated")
            }
            throw MediaError.notMedia(
                "the \(format) file's \(name) at byte \(dataStart) has size \(size), which does not fit its"
                    + " container; the file is damaged",
                reason: "bad-element-size")
        }
        return EBMLElement(id: id, dataStart: dataStart, end: dataStart + size)
    }

    /// The header at `offset` as written: the ID, where the data starts, and the declared size (`nil` for
    /// "unknown"), which may not fit where the element lies.
    static func declaredHeader(
        _ source: some ByteSource, at offset: Int64, limit: Int64, format: String
    ) throws -> (id: UInt32, dataStart: Int64, size: Int64?) {
        let bytes = try source.readExactly(
            at: offset, count: Int(min(12, limit - offset)), what: "\(format) element header")
        var cursor = ByteCursor(bytes, what: "\(format) element header")
        let id = try readID(&cursor, format: format)
        let size = try readSize(&cursor, format: format)
        return (id, offset + Int64(cursor.position), size)
    }

    /// An element ID: one to four bytes, the count told by the first byte's leading zeros, marker kept.
    static func readID(_ cursor: inout ByteCursor, format: String) throws -> UInt32 {
        let first = try cursor.u8()
        let length = first.leadingZeroBitCount + 1
        guard length <= 4 else {
            throw MediaError.notMedia(
                "the \(format) file has an element ID longer than 4 bytes; the file is damaged",
                reason: "bad-element-id")
        }
        var id = UInt32(first)
        for _ in 1..<length { id = id << 8 | UInt32(try cursor.u8()) }
        return id
    }

    /// An element size: one to eight bytes, marker dropped; `nil` when every value bit is set ("unknown").
    static func readSize(_ cursor: inout ByteCursor, format: String) throws -> Int64? {
        let first = try cursor.u8()
        guard first != 0 else {
            throw MediaError.notMedia(
                "the \(format) file has an element size longer than 8 bytes; the file is damaged",
                reason: "bad-element-size")
        }
        let length = first.leadingZeroBitCount + 1
        var value = UInt64(first & (0xFF >> length))
        for _ in 1..<length { value = value << 8 | UInt64(try cursor.u8()) }
        let allOnes = (UInt64(1) << (7 * UInt64(length))) - 1
        if value == allOnes { return nil }
        return Int64(value)  // at most 2^56 - 2
    }

    /// The data as an unsigned integer (up to 8 bytes; an empty element is 0).
    func unsigned(_ source: some ByteSource, format: String) throws -> UInt64 {
        guard dataSize <= 8 else { throw badValue("an integer", format) }
        return try source.readExactly(at: dataStart, count: Int(dataSize), what: "\(format) element")
            .reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The data as a signed integer (up to 8 bytes; an empty element is 0).
    func signed(_ source: some ByteSource, format: String) throws -> Int64 {
        let value = try unsigned(source, format: format)
        guard dataSize > 0, dataSize < 8 else { return Int64(bitPattern: value) }
        let shift = 64 - 8 * UInt64(dataSize)
        return Int64(bitPattern: value << shift) >> shift
    }

    /// The data as a float: 4 or 8 bytes (an empty element is 0).
    func float(_ source: some ByteSource, format: String) throws -> Double {
        switch dataSize {
        case 0: return 0
        case 4: return Double(Float(bitPattern: UInt32(try unsigned(source, format: format))))
        case 8: return Double(bitPattern: try unsigned(source, format: format))
        default: throw badValue("a float", format)
        }
    }

    /// The data as ASCII text, at most `limit` bytes of it, without the zero bytes that may pad it.
    func string(_ source: some ByteSource, limit: Int = 64, format: String) throws -> String {
        let bytes = try source.readExactly(
            at: dataStart, count: Int(min(dataSize, Int64(limit))), what: "\(format) element")
        return ByteCursor.fourCC(ArraySlice(bytes.prefix { $0 != 0 }))
    }

    private func badValue(_ kind: String, _ format: String) -> MediaError {
        MediaError.notMedia(
            "the \(format) file's \(MatroskaID.name(id)) is \(dataSize) bytes long, too long for \(kind);"
                + " the file is damaged",
            reason: "bad-header")
    }
}
