/// Converts stored samples to 32-bit integers with sox's rules: integers are shifted to the top of
/// 32 bits, 8-bit is unsigned around 128, floats are scaled by 2^31, rounded half away from zero and
/// clipped.
public enum SampleDecoder {
    /// Decodes little-endian samples.
    /// - Parameters:
    ///   - bytes: whole samples in `format`.
    ///   - format: how the samples are stored.
    /// - Returns: one `Int32` per sample.
    public static func int32Samples(from bytes: UnsafeRawBufferPointer, format: SampleFormat) -> [Int32] {
        let count = bytes.count / format.bytesPerSample
        return [Int32](unsafeUninitializedCapacity: count) { out, initialized in
            switch format {
            case .unsigned8:
                for i in 0..<count { out[i] = (Int32(bytes[i]) - 128) << 24 }
            case .signed16:
                for i in 0..<count {
                    out[i] = Int32(Int16(bitPattern: UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8)) << 16
                }
            case .signed24:
                for i in 0..<count {
                    let b = 3 * i
                    out[i] = Int32(
                        bitPattern: UInt32(bytes[b]) << 8 | UInt32(bytes[b + 1]) << 16 | UInt32(bytes[b + 2]) << 24)
                }
            case .signed32:
                for i in 0..<count {
                    out[i] = Int32(bitPattern: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self).littleEndian)
                }
            case .float32:
                for i in 0..<count {
                    let bits = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self).littleEndian
                    out[i] = fromFloat(Double(Float(bitPattern: bits)))
                }
            case .float64:
                for i in 0..<count {
                    let bits = bytes.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self).littleEndian
                    out[i] = fromFloat(Double(bitPattern: bits))
                }
            }
            initialized = count
        }
    }

    /// Turns ALSA's S24_LE (a 24-bit sample in the low 3 bytes of each little-endian 4-byte container, the
    /// top byte ignored) into 32-bit samples in place, each 24-bit value moved to the top of its container.
    static func raiseLowAligned24(in bytes: UnsafeMutableRawBufferPointer) {
        for offset in stride(from: 0, to: bytes.count - 3, by: 4) {
            let container = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian
            bytes.storeBytes(of: (container << 8).littleEndian, toByteOffset: offset, as: UInt32.self)
        }
    }

    /// sox's `SOX_FLOAT_64BIT_TO_SAMPLE`: scale by 2^31, round half away from zero, clip.
    static func fromFloat(_ value: Double) -> Int32 {
        let scaled = value * 2_147_483_648.0
        if scaled.isNaN { return 0 }
        if scaled < 0 {
            return scaled <= -2_147_483_648.5 ? Int32.min : Int32(scaled - 0.5)
        }
        return scaled >= 2_147_483_647.5 ? Int32.max : Int32(scaled + 0.5)
    }
}
