/// How one sample is stored, little-endian as in WAV files.
public enum SampleFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 8-bit unsigned integer (silence is 128).
    case unsigned8 = "u8"
    /// 16-bit signed integer.
    case signed16 = "s16"
    /// 24-bit signed integer packed in 3 bytes.
    case signed24 = "s24"
    /// 32-bit signed integer.
    case signed32 = "s32"
    /// 32-bit IEEE float, full scale ±1.0.
    case float32 = "f32"
    /// 64-bit IEEE float, full scale ±1.0.
    case float64 = "f64"

    /// Bytes one sample takes in a file or buffer.
    public var bytesPerSample: Int {
        switch self {
        case .unsigned8: 1
        case .signed16: 2
        case .signed24: 3
        case .signed32, .float32: 4
        case .float64: 8
        }
    }

    /// Bits per sample, as written in a WAV header.
    public var bitsPerSample: Int { bytesPerSample * 8 }

    /// Whether samples are IEEE floats.
    public var isFloat: Bool { self == .float32 || self == .float64 }

    /// The integer (PCM) format with `bits` bits per sample, if there is one.
    /// - Parameter bits: 8, 16, 24 or 32.
    public static func integer(bits: Int) -> SampleFormat? {
        switch bits {
        case 8: .unsigned8
        case 16: .signed16
        case 24: .signed24
        case 32: .signed32
        default: nil
        }
    }

    /// The float format with `bits` bits per sample, if there is one.
    /// - Parameter bits: 32 or 64.
    public static func float(bits: Int) -> SampleFormat? {
        switch bits {
        case 32: .float32
        case 64: .float64
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .unsigned8: "8-bit unsigned PCM"
        case .signed16: "16-bit signed PCM"
        case .signed24: "24-bit signed PCM"
        case .signed32: "32-bit signed PCM"
        case .float32: "32-bit float"
        case .float64: "64-bit float"
        }
    }
}
