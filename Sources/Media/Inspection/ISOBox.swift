/// One box of an ISO base media file (MP4, MOV, HEIC): its type and where its payload lies.
struct ISOBox {
    /// The four-character type, such as `"moov"`.
    let type: String
    /// The offset of the first payload byte (after the 8- or 16-byte header).
    let payloadStart: Int64
    /// The offset just past the box.
    let end: Int64

    var payloadSize: Int64 { end - payloadStart }

    /// The most boxes read at one level, and the deepest nesting followed.
    static let maximumBoxesPerLevel = 4_096
    static let maximumDepth = 8

    /// The boxes laid end to end in `range`: each header is read and each payload skipped by seeking,
    /// so a 2 GB `mdat` costs one 16-byte read. Stops at `range.upperBound`.
    /// - Throws: `MediaError.notMedia` for a box whose size is smaller than its header, runs past its
    ///   parent, or for more than ``maximumBoxesPerLevel`` boxes.
    static func children(
        of source: some ByteSource, in range: Range<Int64>, stopAt wanted: Set<String> = []
    ) throws -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            guard boxes.count < maximumBoxesPerLevel else {
                throw MediaError.notMedia(
                    "the file has more than \(maximumBoxesPerLevel) boxes at one level", reason: "too-many-boxes")
            }
            let box = try header(source, at: offset, limit: range.upperBound)
            boxes.append(box)
            if wanted.contains(box.type) { break }
            offset = box.end
        }
        return boxes
    }

    /// The box header at `offset`, whose box must end by `limit`.
    static func header(_ source: some ByteSource, at offset: Int64, limit: Int64) throws -> ISOBox {
        let (type, headerSize, total) = try declaredHeader(source, at: offset, limit: limit)
        guard total >= headerSize, total <= limit - offset else {
            throw MediaError.notMedia(
                "the \"\(type)\" box at byte \(offset) has size \(total), which does not fit its container;"
                    + " the file is truncated or damaged",
                reason: "bad-box-size")
        }
        return ISOBox(type: type, payloadStart: offset + headerSize, end: offset + total)
    }

    /// The box header at `offset` as written: its type, the header's size and the size the box declares (a
    /// size of 0 runs to `limit`), which may not fit where the box lies.
    static func declaredHeader(
        _ source: some ByteSource, at offset: Int64, limit: Int64
    ) throws -> (type: String, headerSize: Int64, total: Int64) {
        let available = Int(min(16, limit - offset))
        var cursor = ByteCursor(
            try source.readExactly(at: offset, count: available, what: "box header"), what: "box header")
        let size32 = try cursor.u32()
        let type = try cursor.fourCC()
        let total: Int64
        var headerSize: Int64 = 8
        switch size32 {
        case 0:
            total = limit - offset  // to the end of the enclosing box or file
        case 1:
            let size64 = try cursor.u64()
            guard size64 <= UInt64(Int64.max) else {
                throw MediaError.notMedia("the \"\(type)\" box claims an impossible size", reason: "bad-box-size")
            }
            total = Int64(size64)
            headerSize = 16
        default:
            total = Int64(size32)
        }
        return (type, headerSize, total)
    }

    /// The payload (at most `limit` bytes) as a cursor.
    func payload(_ source: some ByteSource, limit: Int = 4_096) throws -> ByteCursor {
        let count = Int(min(payloadSize, Int64(limit)))
        return ByteCursor(
            try source.readExactly(at: payloadStart, count: count, what: "\"\(type)\" box"), what: "\"\(type)\" box")
    }
}
