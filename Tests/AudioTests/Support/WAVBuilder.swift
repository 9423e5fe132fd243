/// Builds WAV files byte by byte for the tests, independently of the library's writer, including the
/// oddities and lies real files carry.
struct WAVBuilder {
    var formatTag = 1
    var channels = 2
    var rate = 48_000
    var bits = 16
    /// Overrides the computed block align.
    var blockAlign: Int?
    /// Writes a 40-byte WAVE_FORMAT_EXTENSIBLE fmt chunk with this sub-format tag.
    var extensibleSubFormat: Int?
    /// Overrides wValidBitsPerSample of a WAVE_FORMAT_EXTENSIBLE fmt chunk (`bits` by default).
    var validBits: Int?
    var chunksBeforeFmt: [(String, [UInt8])] = []
    var chunksBeforeData: [(String, [UInt8])] = []
    var chunksAfterData: [(String, [UInt8])] = []
    var samples: [UInt8] = []
    var dataSize: UInt32?
    var riffSize: UInt32?
    var includeFmt = true
    var includeData = true
    /// Put the data chunk before the fmt chunk.
    var dataFirst = false

    func bytes() -> [UInt8] {
        var body: [UInt8] = Array("WAVE".utf8)
        for chunk in chunksBeforeFmt { body += Self.chunk(chunk.0, chunk.1) }
        let fmt = Self.chunk("fmt ", fmtBody())
        let data = Self.chunk("data", samples, declaredSize: dataSize)
        if dataFirst {
            if includeData { body += data }
            if includeFmt { body += fmt }
        } else {
            if includeFmt { body += fmt }
            for chunk in chunksBeforeData { body += Self.chunk(chunk.0, chunk.1) }
            if includeData { body += data }
        }
        for chunk in chunksAfterData { body += Self.chunk(chunk.0, chunk.1) }
        return Array("RIFF".utf8) + le32(riffSize ?? UInt32(body.count)) + body
    }

    private func fmtBody() -> [UInt8] {
        let align = blockAlign ?? channels * bits / 8
        var fmt =
            le16(extensibleSubFormat == nil ? formatTag : 0xFFFE) + le16(channels)
            + le32(UInt32(truncatingIfNeeded: rate))
        fmt += le32(UInt32(truncatingIfNeeded: rate * align)) + le16(align) + le16(bits)
        if let sub = extensibleSubFormat {
            fmt += le16(22) + le16(validBits ?? bits) + le32(channels == 2 ? 3 : 0)
            fmt += le16(sub) + [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        }
        return fmt
    }

    /// A chunk with its pad byte when the size is odd.
    static func chunk(_ id: String, _ body: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
        var bytes = Array(id.utf8) + le32(declaredSize ?? UInt32(body.count)) + body
        if body.count % 2 == 1 { bytes.append(0) }
        return bytes
    }
}

func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }

func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

/// Deterministic pseudo-random sample bytes; floats are multiples of 2^-15 in [-1, 1] so every
/// decoder agrees on them exactly.
func testSamples(bits: Int, float: Bool, count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
    var state = seed
    var bytes: [UInt8] = []
    for _ in 0..<count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let random = state >> 16
        if float {
            let value = Double(Int(random % 65_537) - 32_768) / 32_768
            if bits == 32 {
                bytes += le32(Float(value).bitPattern)
            } else {
                let pattern = value.bitPattern
                bytes += (0..<8).map { UInt8(truncatingIfNeeded: pattern >> (8 * UInt64($0))) }
            }
        } else {
            bytes += (0..<bits / 8).map { UInt8(truncatingIfNeeded: random >> (8 * UInt64($0))) }
        }
    }
    return bytes
}
