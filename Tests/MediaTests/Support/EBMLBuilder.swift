/// Builds WebM/Matroska bytes element by element, for headers no muxer would write.
enum EBMLBuilder {
    /// The ID's bytes as written (marker included).
    static func id(_ id: UInt32) -> [UInt8] {
        let bytes = withUnsafeBytes(of: id.bigEndian, Array.init)
        return Array(bytes.drop { $0 == 0 })
    }

    /// A size as an 8-byte variable-length integer; `nil` writes "unknown".
    static func size(_ size: UInt64?) -> [UInt8] {
        guard let size else { return [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] }
        return [0x01] + (0..<7).reversed().map { UInt8(truncatingIfNeeded: size >> (8 * UInt64($0))) }
    }

    /// An element holding `data`; `declaredSize` overrides the size written (`.some(nil)`: unknown).
    static func element(_ id: UInt32, _ data: [UInt8], declaredSize: UInt64?? = .none) -> [UInt8] {
        let written: UInt64? =
            switch declaredSize {
            case .none: UInt64(data.count)
            case .some(let value): value
            }
        return Self.id(id) + size(written) + data
    }

    static func unsigned(_ id: UInt32, _ value: UInt64) -> [UInt8] {
        element(id, withUnsafeBytes(of: value.bigEndian, Array.init))
    }

    static func float(_ id: UInt32, _ value: Double) -> [UInt8] {
        element(id, withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init))
    }

    static func string(_ id: UInt32, _ text: String) -> [UInt8] { element(id, Array(text.utf8)) }

    /// The EBML header of `docType`.
    static func header(docType: String = "webm") -> [UInt8] {
        element(0x1A45_DFA3, unsigned(0x4286, 1) + string(0x4282, docType))
    }

    /// A video TrackEntry with `video`'s children.
    static func videoTrack(codec: String = "V_VP9", _ video: [UInt8]) -> [UInt8] {
        element(0xAE, unsigned(0xD7, 1) + unsigned(0x83, 1) + string(0x86, codec) + element(0xE0, video))
    }

    /// PixelWidth and PixelHeight.
    static func pixels(_ width: UInt64, _ height: UInt64) -> [UInt8] {
        unsigned(0xB0, width) + unsigned(0xBA, height)
    }

    /// Info with a timestamp scale and a duration.
    static func info(scale: UInt64 = 1_000_000, duration: Double = 2_500) -> [UInt8] {
        element(0x1549_A966, unsigned(0x2A_D7B1, scale) + float(0x4489, duration))
    }

    /// A Cluster with a few bytes of data.
    static let cluster = element(0x1F43_B675, unsigned(0xE7, 0) + element(0xA3, [0x81, 0, 0, 0x80, 1, 2, 3]))

    /// A whole file: `header`, then a Segment of `info`, a Tracks of `tracks` and `clusters`.
    static func file(
        header: [UInt8] = header(), info: [UInt8] = info(), tracks: [UInt8], clusters: [UInt8] = cluster,
        segmentSize: UInt64?? = .none
    ) -> [UInt8] {
        header + element(0x1853_8067, info + element(0x1654_AE6B, tracks) + clusters, declaredSize: segmentSize)
    }
}
