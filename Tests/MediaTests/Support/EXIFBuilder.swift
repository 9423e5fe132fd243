/// Builds a TIFF/EXIF structure (IFD0 with an optional Exif IFD) and splices it into a JPEG as an
/// `APP1 Exif` segment: test input for the EXIF reader and for libvips's auto-rotation.
struct EXIFBuilder {
    /// One IFD entry: tag, type (2 ASCII, 3 SHORT, 4 LONG), count and value bytes (in file order).
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var value: [UInt8]
    }

    var bigEndian = false
    var orientation: UInt16?
    var dateTime: String?
    var dateTimeOriginal: String?
    var dateTimeDigitized: String?
    var offsetTimeOriginal: String?

    /// The TIFF bytes: header, IFD0 at 8, Exif IFD after it, long strings after each IFD.
    func tiff() -> [UInt8] {
        var ifd0: [(UInt16, UInt16, [UInt8])] = []
        if let orientation { ifd0.append((0x0112, 3, short(orientation))) }
        if let dateTime { ifd0.append((0x0132, 2, Array(dateTime.utf8) + [0])) }
        var exif: [(UInt16, UInt16, [UInt8])] = []
        if let dateTimeOriginal { exif.append((0x9003, 2, Array(dateTimeOriginal.utf8) + [0])) }
        if let dateTimeDigitized { exif.append((0x9004, 2, Array(dateTimeDigitized.utf8) + [0])) }
        if let offsetTimeOriginal { exif.append((0x9011, 2, Array(offsetTimeOriginal.utf8) + [0])) }

        var out = ByteWriter(bigEndian: bigEndian)
        out.raw(bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00])
        out.u32(8)
        let hasExif = !exif.isEmpty
        let ifd0Count = ifd0.count + (hasExif ? 1 : 0)
        let ifd0Size = 2 + 12 * ifd0Count + 4
        let ifd0Extra = ifd0.filter { $0.2.count > 4 }.reduce(0) { $0 + $1.2.count }
        let exifOffset = 8 + ifd0Size + ifd0Extra
        var entries = ifd0.map { Entry(tag: $0.0, type: $0.1, count: UInt32($0.1 == 3 ? 1 : $0.2.count), value: $0.2) }
        if hasExif { entries.append(Entry(tag: 0x8769, type: 4, count: 1, value: long(UInt32(exifOffset)))) }
        writeIFD(entries.sorted { $0.tag < $1.tag }, at: 8, into: &out)
        if hasExif {
            let exifEntries = exif.map { Entry(tag: $0.0, type: $0.1, count: UInt32($0.2.count), value: $0.2) }
            writeIFD(exifEntries, at: exifOffset, into: &out)
        }
        return out.bytes
    }

    /// `jpeg` with an `APP1 Exif` segment holding ``tiff()`` right after its SOI marker.
    func spliced(into jpeg: [UInt8]) -> [UInt8] {
        Self.splice(tiff: tiff(), into: jpeg)
    }

    static func splice(tiff: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    private func writeIFD(_ entries: [Entry], at offset: Int, into out: inout ByteWriter) {
        var extraOffset = offset + 2 + 12 * entries.count + 4
        var extra: [UInt8] = []
        out.u16(UInt16(entries.count))
        for entry in entries {
            out.u16(entry.tag)
            out.u16(entry.type)
            out.u32(entry.count)
            if entry.value.count <= 4 {
                out.raw(entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count))
            } else {
                out.u32(UInt32(extraOffset))
                extra += entry.value
                extraOffset += entry.value.count
            }
        }
        out.u32(0)  // no next IFD
        out.raw(extra)
    }

    private func short(_ value: UInt16) -> [UInt8] {
        var writer = ByteWriter(bigEndian: bigEndian)
        writer.u16(value)
        return writer.bytes
    }

    private func long(_ value: UInt32) -> [UInt8] {
        var writer = ByteWriter(bigEndian: bigEndian)
        writer.u32(value)
        return writer.bytes
    }
}
