import Foundation

/// Reads the capture time a phone writes into a movie's QuickTime metadata: `com.apple.quicktime.creationdate`
/// (local time with its offset, `2024-05-01T20:32:11+0900`) in a `meta` box of `moov` or `moov/udta`, whose
/// `keys` box names each entry and whose `ilst` box holds the values, each under its key's 1-based index.
/// A movie header's own creation time is often the moment the file was written, in UTC or in local time
/// as the camera pleases; this one is the moment the recording began, so it wins.
enum QuickTimeMetadata {
    static let creationDateKey = "com.apple.quicktime.creationdate"
    /// The most keys read, and the most bytes of a `keys` box or of one value.
    static let maximumKeys = 512
    static let maximumKeysBytes = 65_536
    static let maximumValueBytes = 256

    /// The creation date in the `meta` boxes among `moov`'s children, if one has it and it reads as a date, with
    /// the offset from UTC it was written at (seconds east; 0 for `Z`, `nil` when it gives none).
    static func creationDate(
        in moovChildren: [ISOBox], _ source: some ByteSource
    ) throws -> (date: Date, offset: Int?)? {
        var metas = moovChildren.filter { $0.type == "meta" }
        for udta in moovChildren where udta.type == "udta" {
            metas += try ISOBox.children(of: source, in: udta.payloadStart..<udta.end).filter { $0.type == "meta" }
        }
        for meta in metas {
            if let text = try value(of: creationDateKey, in: meta, source), let stamp = stamp(text) {
                return stamp
            }
        }
        return nil
    }

    /// The UTF-8 value of `key` in one `meta` box.
    private static func value(of key: String, in meta: ISOBox, _ source: some ByteSource) throws -> String? {
        let children = try ISOBox.children(of: source, in: contentStart(of: meta, source)..<meta.end)
        guard let keys = children.first(where: { $0.type == "keys" }),
            let list = children.first(where: { $0.type == "ilst" }),
            let index = try index(of: key, in: keys, source)
        else { return nil }
        for item in try ISOBox.children(of: source, in: list.payloadStart..<list.end) {
            // An item's type is its key's index, big-endian; it sits just before the payload (items are small,
            // so their header is 8 bytes).
            var type = ByteCursor(
                try source.readExactly(at: item.payloadStart - 4, count: 4, what: "metadata item"),
                what: "metadata item")
            guard try type.u32() == index else { continue }
            for data in try ISOBox.children(of: source, in: item.payloadStart..<item.end) where data.type == "data" {
                var cursor = try data.payload(source, limit: 8 + maximumValueBytes)
                guard try cursor.u32() == 1 else { continue }  // 1: UTF-8 text
                try cursor.skip(4)  // locale
                return String(decoding: try cursor.take(cursor.remaining), as: UTF8.self)
            }
        }
        return nil
    }

    /// Where a `meta` box's children begin: QuickTime's has none of ISO's version and flags before them.
    private static func contentStart(of meta: ISOBox, _ source: some ByteSource) throws -> Int64 {
        guard meta.payloadSize >= 8 else { return meta.payloadStart }
        var cursor = try meta.payload(source, limit: 8)
        try cursor.skip(4)
        return try cursor.fourCC() == "hdlr" ? meta.payloadStart : meta.payloadStart + 4
    }

    /// The 1-based index of `key` in a `keys` box.
    private static func index(of key: String, in keys: ISOBox, _ source: some ByteSource) throws -> UInt32? {
        var cursor = try keys.payload(source, limit: maximumKeysBytes)
        try cursor.skip(4)  // version, flags
        let count = min(try cursor.u32(), UInt32(maximumKeys))
        let wanted = Array(key.utf8)
        var index: UInt32 = 1
        while index <= count, cursor.remaining >= 8 {
            let size = Int(try cursor.u32())
            try cursor.skip(4)  // namespace, `mdta`
            guard size >= 8 else { return nil }
            if Array(try cursor.take(min(size - 8, cursor.remaining))) == wanted { return index }
            index += 1
        }
        return nil
    }

    /// `2024-05-01T20:32:11+0900`, with or without the offset's colon, fractions of a second, or `Z`.
    static func date(_ text: String) -> Date? { stamp(text)?.date }

    /// ``date(_:)`` with the offset from UTC the text gives: seconds east, 0 for `Z`, `nil` for none.
    static func stamp(_ text: String) -> (date: Date, offset: Int?)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19 else { return nil }
        var rest = bytes[19...].drop { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
        var offset: String?
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            rest = rest.dropFirst()
            let digits = rest.filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4 else { return nil }
            let zone = String(decoding: digits, as: UTF8.self)
            offset = "\(Character(UnicodeScalar(sign)))\(zone.prefix(2)):\(zone.suffix(2))"
        }
        guard let date = EXIFDate.date(String(decoding: bytes[..<19], as: UTF8.self), offset: offset) else {
            return nil
        }
        if let offset { return (date, EXIFDate.offsetSeconds(offset)) }
        return (date, rest.first == UInt8(ascii: "Z") ? 0 : nil)
    }
}
