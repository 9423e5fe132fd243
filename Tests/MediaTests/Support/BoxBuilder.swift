/// Builds ISO base media boxes (MP4, MOV, HEIC) for tests.
enum BoxBuilder {
    /// A box of `type` around `payload`, with a 32-bit size.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.u32(UInt32(8 + payload.count))
        out.ascii(type)
        out.raw(payload)
        return out.bytes
    }

    /// A full box (version and flags before the payload).
    static func fullBox(_ type: String, version: UInt8, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.u8(version)
        out.integer(UInt64(flags), width: 3)
        return box(type, out.bytes + payload)
    }

    static func ftyp(_ major: String, compatible: [String] = []) -> [UInt8] {
        var out = ByteWriter()
        out.ascii(major)
        out.u32(0)
        for brand in compatible { out.ascii(brand) }
        return box("ftyp", out.bytes)
    }

    /// `mvhd` of `version` (0: 32-bit times, 1: 64-bit) with `created` seconds since 1904.
    static func mvhd(version: UInt8, timescale: UInt32, duration: UInt64, created: UInt64 = 0) -> [UInt8] {
        var out = ByteWriter()
        if version == 1 {
            out.u64(created)
            out.u64(created)
            out.u32(timescale)
            out.u64(duration)
        } else {
            out.u32(UInt32(created))
            out.u32(UInt32(created))
            out.u32(timescale)
            out.u32(UInt32(truncatingIfNeeded: duration))
        }
        out.raw([UInt8](repeating: 0, count: 80))  // rate, volume, matrix, next track id …
        return fullBox("mvhd", version: version, out.bytes)
    }

    /// `tkhd` with a 16.16 width and height and a rotation matrix (a, b, c, d).
    static func tkhd(
        version: UInt8 = 0, width: UInt32, height: UInt32,
        matrix: (Int32, Int32, Int32, Int32) = (0x10000, 0, 0, 0x10000)
    ) -> [UInt8] {
        var out = ByteWriter()
        if version == 1 {
            out.u64(0)
            out.u64(0)
            out.u32(1)
            out.u32(0)
            out.u64(1000)
        } else {
            out.u32(0)
            out.u32(0)
            out.u32(1)
            out.u32(0)
            out.u32(1000)
        }
        out.raw([UInt8](repeating: 0, count: 8 + 2 + 2 + 2 + 2))
        let m = [matrix.0, matrix.1, 0, matrix.2, matrix.3, 0, 0, 0, 0x4000_0000]
        for value in m { out.u32(UInt32(bitPattern: value)) }
        out.u32(width << 16)
        out.u32(height << 16)
        return fullBox("tkhd", version: version, out.bytes)
    }

    static func hdlr(_ handler: String) -> [UInt8] {
        var out = ByteWriter()
        out.u32(0)
        out.ascii(handler)
        out.raw([UInt8](repeating: 0, count: 13))
        return fullBox("hdlr", version: 0, out.bytes)
    }

    static func trak(handler: String, tkhd: [UInt8]) -> [UInt8] {
        box("trak", tkhd + box("mdia", hdlr(handler)))
    }

    /// A minimal movie: `ftyp` (unless `brand` is nil), a small `mdat`, then `moov`.
    static func movie(brand: String?, mvhd: [UInt8], tracks: [[UInt8]]) -> [UInt8] {
        let head = brand.map { ftyp($0, compatible: [$0]) } ?? []
        return head + box("mdat", [UInt8](repeating: 0xAA, count: 32)) + box("moov", mvhd + tracks.joined())
    }

    /// A HEIC-like file: `ftyp heic` and a `meta` with `pitm`, `iinf` (a `hvc1` item 1 and an `Exif`
    /// item 2), `iloc`, `iprp` (`ispe` and optional `irot` for item 1) and the two items' bytes in `mdat`.
    static func heic(width: UInt32, height: UInt32, rotation: UInt8?, exifTIFF: [UInt8]?) -> [UInt8] {
        let ftypBox = ftyp("heic", compatible: ["mif1", "heic"])
        func infe(_ id: UInt16, _ type: String) -> [UInt8] {
            var out = ByteWriter()
            out.u16(id)
            out.u16(0)
            out.ascii(type)
            out.u8(0)
            return fullBox("infe", version: 2, out.bytes)
        }
        var iinfPayload = ByteWriter()
        iinfPayload.u16(exifTIFF == nil ? 1 : 2)
        let iinf = fullBox(
            "iinf", version: 0, iinfPayload.bytes + infe(1, "hvc1") + (exifTIFF == nil ? [] : infe(2, "Exif")))
        var pitmPayload = ByteWriter()
        pitmPayload.u16(1)
        let pitm = fullBox("pitm", version: 0, pitmPayload.bytes)
        var ispePayload = ByteWriter()
        ispePayload.u32(width)
        ispePayload.u32(height)
        var properties = fullBox("ispe", version: 0, ispePayload.bytes)
        var indices: [UInt8] = [0x81]  // essential, property 1
        if let rotation {
            properties += box("irot", [rotation])
            indices.append(0x82)
        }
        var ipmaPayload = ByteWriter()
        ipmaPayload.u32(1)
        ipmaPayload.u16(1)
        ipmaPayload.u8(UInt8(indices.count))
        ipmaPayload.raw(indices)
        let iprp = box("iprp", box("ipco", properties) + fullBox("ipma", version: 0, ipmaPayload.bytes))
        let exifItem = exifTIFF.map { [0, 0, 0, 0] + $0 } ?? []
        // The image item's data (not real HEVC: the inspector only checks that it lies in the file).
        let imageItem = [UInt8](repeating: 0x55, count: 16)

        // iloc v0, offset and length 4 bytes, no base: filled once the mdat offset is known.
        func iloc(mdatOffset: UInt32) -> [UInt8] {
            var out = ByteWriter()
            out.u8(0x44)
            out.u8(0x00)
            out.u16(exifTIFF == nil ? 1 : 2)
            for (id, offset, length) in [(1, 0, imageItem.count), (2, imageItem.count, exifItem.count)]
            where id == 1 || exifTIFF != nil {
                out.u16(UInt16(id))
                out.u16(0)
                out.u16(1)
                out.u32(mdatOffset + UInt32(offset))
                out.u32(UInt32(length))
            }
            return fullBox("iloc", version: 0, out.bytes)
        }
        func meta(_ mdatOffset: UInt32) -> [UInt8] {
            fullBox("meta", version: 0, hdlr("pict") + pitm + iinf + iloc(mdatOffset: mdatOffset) + iprp)
        }
        let mdatOffset = UInt32(ftypBox.count + meta(0).count + 8)
        return ftypBox + meta(mdatOffset) + box("mdat", imageItem + exifItem)
    }
}
