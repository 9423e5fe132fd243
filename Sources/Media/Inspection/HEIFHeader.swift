/// Reads a HEIC's size and orientation from the primary item's properties (`meta/iprp`: `ispe`,
/// `irot`, `imir`, associated through `ipma`) and its EXIF date from the `Exif` item (`iinf` + `iloc`).
/// Best effort: a file whose EXIF cannot be found still reports its size.
enum HEIFHeader {
    /// The most items, properties or associations read from any one table.
    static let maximumEntries = 4_096
    /// The largest Exif item read.
    static let maximumEXIFBytes = 256 << 10

    private struct Meta {
        var primaryItem: UInt32?
        var exifItem: UInt32?
        var properties: [ISOBox] = []
        var associations: [UInt32: [Int]] = [:]
        var locations: [UInt32: (offset: Int64, length: Int64)] = [:]
        /// Whether the `meta` box holds items' data itself (`idat`).
        var hasItemDataBox = false
    }

    /// Fills `info` with width, height, orientation and the EXIF date.
    /// - Throws: `MediaError.notMedia` when the file has no `meta` box, a box is malformed, or no item data.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        let top = try ISOBox.children(of: source, in: 0..<source.size, stopAt: ["meta"])
        guard let metaBox = top.last, metaBox.type == "meta" else {
            throw MediaError.notMedia("the HEIC file has no meta box; it is truncated or damaged", reason: "no-meta")
        }
        var meta = Meta()
        // `meta` is a full box: 4 bytes of version and flags before its children.
        try metaBox.payload(source, limit: 4).require(4)
        for box in try ISOBox.children(of: source, in: metaBox.payloadStart + 4..<metaBox.end) {
            switch box.type {
            case "pitm": meta.primaryItem = try readPrimaryItem(box, source)
            case "iinf": meta.exifItem = try readExifItemID(box, source)
            case "iloc": meta.locations = try readLocations(box, source)
            case "iprp": try readProperties(box, source, into: &meta)
            case "idat": meta.hasItemDataBox = box.end > box.payloadStart
            default: break
            }
        }
        // A header alone is not a picture: some item's data must lie in the file.
        let hasItemData =
            meta.hasItemDataBox
            || meta.locations.values.contains { $0.offset < source.size && $0.length <= source.size - $0.offset }
        guard hasItemData else {
            throw MediaError.notMedia(ContentSniffer.unknownContentMessage, reason: "no-image-data")
        }
        applyProperties(meta, source, to: &info)
        if let item = meta.exifItem, let location = meta.locations[item] { readEXIF(at: location, source, into: &info) }
    }

    private static func readPrimaryItem(_ box: ISOBox, _ source: some ByteSource) throws -> UInt32 {
        var cursor = try box.payload(source, limit: 8)
        let version = try cursor.u8()
        try cursor.skip(3)
        return version == 0 ? UInt32(try cursor.u16()) : try cursor.u32()
    }

    /// The id of the first item of type `Exif` in `iinf`.
    private static func readExifItemID(_ box: ISOBox, _ source: some ByteSource) throws -> UInt32? {
        var cursor = try box.payload(source, limit: 8)
        let version = try cursor.u8()
        let headerSize: Int64 = version == 0 ? 6 : 8
        try cursor.skip(Int(headerSize) - 1)  // flags and entry count, which a box cut short lacks
        let entries = try ISOBox.children(of: source, in: box.payloadStart + headerSize..<box.end)
        for entry in entries.prefix(maximumEntries) where entry.type == "infe" {
            var infe = try entry.payload(source, limit: 16)
            let infeVersion = try infe.u8()
            guard infeVersion >= 2 else { continue }
            try infe.skip(3)
            let id = infeVersion == 2 ? UInt32(try infe.u16()) : try infe.u32()
            try infe.skip(2)  // protection index
            if try infe.fourCC() == "Exif" { return id }
        }
        return nil
    }

    /// Where each item's first extent lies (only items stored in the file, construction method 0).
    private static func readLocations(_ box: ISOBox, _ source: some ByteSource) throws -> [UInt32: (Int64, Int64)] {
        var cursor = try box.payload(source, limit: 64 << 10)
        let version = try cursor.u8()
        try cursor.skip(3)
        let sizes = try cursor.u8()
        let more = try cursor.u8()
        let (offsetSize, lengthSize, baseSize) = (Int(sizes >> 4), Int(sizes & 0x0F), Int(more >> 4))
        let indexSize = version >= 1 ? Int(more & 0x0F) : 0
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize),
            [0, 4, 8].contains(indexSize), version <= 2
        else { return [:] }
        let count = version < 2 ? Int(try cursor.u16()) : Int(try cursor.u32())
        var locations: [UInt32: (Int64, Int64)] = [:]
        for _ in 0..<min(count, maximumEntries) {
            let id = version < 2 ? UInt32(try cursor.u16()) : try cursor.u32()
            let method = version >= 1 ? try cursor.u16() & 0x0F : 0
            try cursor.skip(2)  // data reference index
            let base = try cursor.unsigned(baseSize)
            let extents = Int(try cursor.u16())
            var first: (UInt64, UInt64)?
            for _ in 0..<min(extents, maximumEntries) {
                try cursor.skip(indexSize)
                let offset = try cursor.unsigned(offsetSize)
                let length = try cursor.unsigned(lengthSize)
                if first == nil { first = (offset, length) }
            }
            if method == 0, let (offset, length) = first {
                let (start, overflow) = base.addingReportingOverflow(offset)
                if !overflow, start <= UInt64(Int64.max), length <= UInt64(Int64.max) {
                    locations[id] = (Int64(start), Int64(length))
                }
            }
        }
        return locations
    }

    private static func readProperties(_ iprp: ISOBox, _ source: some ByteSource, into meta: inout Meta) throws {
        for box in try ISOBox.children(of: source, in: iprp.payloadStart..<iprp.end) {
            if box.type == "ipco" {
                meta.properties = Array(
                    try ISOBox.children(of: source, in: box.payloadStart..<box.end).prefix(maximumEntries))
            } else if box.type == "ipma" {
                var cursor = try box.payload(source, limit: 64 << 10)
                let version = try cursor.u8()
                let flags = try cursor.unsigned(3)
                let count = Int(try cursor.u32())
                for _ in 0..<min(count, maximumEntries) {
                    let item = version < 1 ? UInt32(try cursor.u16()) : try cursor.u32()
                    let associations = Int(try cursor.u8())
                    var indices: [Int] = []
                    for _ in 0..<associations {
                        let index = flags & 1 == 1 ? Int(try cursor.u16() & 0x7FFF) : Int(try cursor.u8() & 0x7F)
                        indices.append(index)  // 1-based into ipco; 0 means none
                    }
                    meta.associations[item] = indices
                }
            }
        }
    }

    /// Size and orientation from the primary item's `ispe`, `irot` and `imir`; without associations,
    /// the largest `ispe`.
    private static func applyProperties(_ meta: Meta, _ source: some ByteSource, to info: inout MediaInfo) {
        var chosen: [ISOBox] = []
        if let primary = meta.primaryItem, let indices = meta.associations[primary] {
            chosen = indices.compactMap { $0 >= 1 && $0 <= meta.properties.count ? meta.properties[$0 - 1] : nil }
        }
        if !chosen.contains(where: { $0.type == "ispe" }) { chosen = meta.properties.filter { $0.type == "ispe" } }
        var rotation = 0
        var mirror: UInt8?
        for property in chosen {
            guard var cursor = try? property.payload(source, limit: 16) else { continue }
            switch property.type {
            case "ispe":
                guard (try? cursor.skip(4)) != nil, let width = try? cursor.u32(), let height = try? cursor.u32()
                else { continue }
                if UInt64(width) * UInt64(height) > UInt64(info.width ?? 0) * UInt64(info.height ?? 0) {
                    (info.width, info.height) = (Int(width), Int(height))
                }
            case "irot":
                rotation = Int((try? cursor.u8()) ?? 0) & 3
            case "imir":
                mirror = ((try? cursor.u8()) ?? 0) & 1
            default:
                break
            }
        }
        // irot turns anticlockwise in 90° steps; imir mirrors about a vertical (0) or horizontal (1) axis.
        let plain = [1, 8, 3, 6]
        let mirrored = [[2, 5, 4, 7], [4, 7, 2, 5]]
        if let mirror {
            info.orientation = mirrored[Int(mirror)][rotation]
        } else if rotation != 0 || chosen.contains(where: { $0.type == "irot" }) {
            info.orientation = plain[rotation]
        }
    }

    private static func readEXIF(
        at location: (offset: Int64, length: Int64), _ source: some ByteSource, into info: inout MediaInfo
    ) {
        guard location.length >= 8, location.length <= maximumEXIFBytes,
            let body = try? source.readExactly(at: location.offset, count: Int(location.length), what: "HEIC Exif item")
        else { return }
        // The item starts with a 4-byte offset from its end to the TIFF header.
        var cursor = ByteCursor(body, what: "HEIC Exif item")
        guard let skip = try? cursor.u32(), Int64(skip) <= location.length - 4 else { return }
        let fields = EXIFReader.read(Array(body[(4 + Int(skip))...]))
        if info.orientation == nil { info.orientation = fields.orientation }
        if let date = fields.takenAt {
            info.takenAt = date
            info.takenAtSource = .exif
            info.takenAtOffset = fields.takenAtOffset
        }
    }
}
