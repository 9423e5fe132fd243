import Foundation

/// Reads the few EXIF fields the diary keeps from a TIFF structure (the payload of a JPEG `APP1 Exif`
/// segment after its 6-byte header, a WebP `EXIF` chunk, or a HEIC Exif item): IFD0 `Orientation` and
/// `DateTime`, and the Exif IFD's `DateTimeOriginal`, `DateTimeDigitized` and their `OffsetTime*`.
///
/// Every offset and count is checked against the buffer; at most ``maximumEntries`` entries are read
/// per IFD and only IFD0 and the Exif IFD are visited, so hostile data cannot make it loop or run long.
/// Damaged EXIF is ignored rather than failing the photo: the reader returns what it could read.
struct EXIFReader {
    /// What was found.
    struct Fields: Equatable {
        var orientation: Int?
        var takenAt: Date?
        /// Seconds east of UTC that ``takenAt`` was recorded at, from the `OffsetTime*` tag beside its date.
        var takenAtOffset: Int?
    }

    static let maximumEntries = 512

    private var cursor: ByteCursor
    private var strings: [UInt16: String] = [:]
    private var orientation: Int?

    private init(_ cursor: ByteCursor) { self.cursor = cursor }

    /// The fields of the TIFF structure in `tiff` (starting at its `II*\0` or `MM\0*` header); empty
    /// fields when it is not one.
    static func read(_ tiff: [UInt8]) -> Fields {
        guard tiff.count >= 8 else { return Fields() }
        let bigEndian: Bool
        switch (tiff[0], tiff[1], tiff[2], tiff[3]) {
        case (0x49, 0x49, 0x2A, 0x00): bigEndian = false
        case (0x4D, 0x4D, 0x00, 0x2A): bigEndian = true
        default: return Fields()
        }
        var reader = EXIFReader(ByteCursor(tiff, at: 4, bigEndian: bigEndian, what: "EXIF data"))
        guard let ifd0 = try? reader.cursor.u32() else { return Fields() }
        let exifIFD = reader.readIFD(at: Int(ifd0), wantExifPointer: true)
        if let exifIFD, exifIFD != Int(ifd0) { _ = reader.readIFD(at: exifIFD, wantExifPointer: false) }
        let (takenAt, offset) = reader.takenAt()
        return Fields(orientation: reader.orientation, takenAt: takenAt, takenAtOffset: offset)
    }

    /// The first date that reads, as the local time at its `OffsetTime*` when that reads too, and the offset.
    private func takenAt() -> (Date?, Int?) {
        let pairs: [(UInt16, UInt16)] = [(0x9003, 0x9011), (0x9004, 0x9012), (0x0132, 0x9010)]
        for (dateTag, offsetTag) in pairs {
            if let text = strings[dateTag], let date = EXIFDate.date(text, offset: strings[offsetTag]) {
                return (date, strings[offsetTag].flatMap(EXIFDate.offsetSeconds))
            }
        }
        return (nil, nil)
    }

    /// Reads the IFD at `offset`, keeping the fields of interest; returns the Exif IFD pointer when
    /// asked for and present.
    private mutating func readIFD(at offset: Int, wantExifPointer: Bool) -> Int? {
        cursor.position = offset
        guard let count = try? cursor.u16() else { return nil }
        var exifPointer: Int?
        for _ in 0..<min(Int(count), Self.maximumEntries) {
            let entryStart = cursor.position
            guard let tag = try? cursor.u16(), let type = try? cursor.u16(), let valueCount = try? cursor.u32()
            else { break }
            let valueField = cursor.position
            switch tag {
            case 0x0112 where type == 3 && valueCount >= 1:
                if let value = try? cursor.u16(), (1...8).contains(value) { orientation = Int(value) }
            case 0x8769 where wantExifPointer && (type == 4 || type == 13) && valueCount == 1:
                if let value = try? cursor.u32() { exifPointer = Int(value) }
            case 0x0132, 0x9003, 0x9004, 0x9010, 0x9011, 0x9012:
                if type == 2, let text = ascii(count: Int(valueCount), valueField: valueField) { strings[tag] = text }
            default:
                break
            }
            cursor.position = entryStart + 12
        }
        return exifPointer
    }

    /// An ASCII value: inline when it fits in 4 bytes, else at the offset stored there; at most 64 bytes.
    private func ascii(count: Int, valueField: Int) -> String? {
        guard count > 0, count <= 64 else { return nil }
        var probe = cursor
        probe.position = valueField
        if count > 4 {
            guard let offset = try? probe.u32() else { return nil }
            probe.position = Int(offset)
        }
        guard let slice = try? probe.take(count) else { return nil }
        let text = slice.prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }
}
