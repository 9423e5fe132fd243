/// Names the media type of content from its first bytes, never from a file name.
enum ContentSniffer {
    /// How many leading bytes ``sniff(_:)`` wants (fewer is fine for a short file).
    static let prefixLength = 64

    private static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
    private static let mp4Brands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VP", "mmp4", "f4v ",
        "dash", "3gp4", "3gp5", "3gp6", "3g2a", "MSNV", "XAVC",
    ]
    private static let quickTimeFirstBoxes: Set<String> = ["moov", "mdat", "wide", "pnot"]

    /// The MIME type of content beginning with `prefix`.
    /// - Throws: `MediaError.notMedia` with a reason: `"empty"`, `"unknown-format"`, `"unsupported-brand"`,
    ///   `"unsupported-doctype"`.
    static func sniff(_ prefix: [UInt8]) throws -> String {
        guard !prefix.isEmpty else {
            throw MediaError.notMedia("the content is empty; expected a photo or video", reason: "empty")
        }
        if prefix.starts(with: [0xFF, 0xD8, 0xFF]) { return MediaType.jpeg }
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return MediaType.png }
        if prefix.starts(with: Array("GIF87a".utf8)) || prefix.starts(with: Array("GIF89a".utf8)) {
            return MediaType.gif
        }
        if prefix.count >= 12, prefix.starts(with: Array("RIFF".utf8)), Array(prefix[8..<12]) == Array("WEBP".utf8) {
            return MediaType.webp
        }
        if prefix.count >= 12, prefix.starts(with: Array("RIFF".utf8)), Array(prefix[8..<12]) == Array("AVI ".utf8) {
            return MediaType.avi
        }
        if prefix.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            return try ebmlMediaType(prefix)
        }
        if prefix.count >= 12, ByteCursor.fourCC(prefix[4..<8]) == "ftyp" {
            return try isoMediaType(prefix)
        }
        if prefix.count >= 8, quickTimeFirstBoxes.contains(ByteCursor.fourCC(prefix[4..<8])) {
            return MediaType.quickTime
        }
        throw MediaError.notMedia(unknownContentMessage, reason: "unknown-format")
    }

    /// What a file that is no photo or video this toolkit knows is told, whatever it begins with.
    static let unknownContentMessage =
        "the content is not a photo or video this toolkit knows (JPEG, PNG, GIF, WebP, HEIC, MP4, MOV, WebM,"
        + " MKV or AVI)"

    /// The type named by an EBML header's DocType, which must lie within the prefix.
    private static func ebmlMediaType(_ prefix: [UInt8]) throws -> String {
        switch MatroskaHeader.docType(inPrefix: prefix) {
        case "webm": return MediaType.webm
        case "matroska": return MediaType.matroska
        case nil: throw MediaError.notMedia(unknownContentMessage, reason: "unknown-format")
        case let docType?:
            throw MediaError.notMedia(
                "the content is an EBML file of type \"\(docType)\", which is not a WebM or Matroska video",
                reason: "unsupported-doctype")
        }
    }

    /// The type named by an ISOBMFF `ftyp` box: its major brand first, then its compatible brands.
    private static func isoMediaType(_ prefix: [UInt8]) throws -> String {
        let boxSize = Int(
            UInt32(prefix[0]) << 24 | UInt32(prefix[1]) << 16 | UInt32(prefix[2]) << 8 | UInt32(prefix[3]))
        let major = ByteCursor.fourCC(prefix[8..<12])
        var brands = [major]
        var offset = 16  // after the major brand and minor version
        while offset + 4 <= min(boxSize, prefix.count) {
            brands.append(ByteCursor.fourCC(prefix[offset..<offset + 4]))
            offset += 4
        }
        for brand in brands {
            if heifBrands.contains(brand) {
                // `mif1`/`msf1` are generic HEIF; an AVIF file says so in its brands.
                if brand.hasPrefix("m") && (brands.contains("avif") || brands.contains("avis")) { break }
                return MediaType.heic
            }
            if brand == "qt  " { return MediaType.quickTime }
            if mp4Brands.contains(brand) { return MediaType.mp4 }
        }
        throw MediaError.notMedia(
            "the content is an ISO media file of brand \"\(major)\", which is not a HEIC photo or an MP4/MOV video",
            reason: "unsupported-brand")
    }
}
