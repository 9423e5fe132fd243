import CALSA

extension SampleFormat {
    /// The ALSA format with the same little-endian layout.
    var alsaFormat: snd_pcm_format_t? {
        switch self {
        case .unsigned8: SND_PCM_FORMAT_U8
        case .signed16: SND_PCM_FORMAT_S16_LE
        case .signed24: SND_PCM_FORMAT_S24_3LE
        case .signed32: SND_PCM_FORMAT_S32_LE
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        case .float64: SND_PCM_FORMAT_FLOAT64_LE
        }
    }
}
