/// Names of the WAV `wFormatTag` values people meet, for messages about what cannot be played.
enum WAVFormatTag {
    static let pcm = 1
    static let float = 3
    static let extensible = 0xFFFE

    /// A human name for `tag`.
    static func name(_ tag: Int) -> String {
        switch tag {
        case 1: "PCM"
        case 2: "Microsoft ADPCM"
        case 3: "IEEE float"
        case 6: "A-law"
        case 7: "µ-law"
        case 0x11: "IMA ADPCM"
        case 0x22: "TrueSpeech"
        case 0x31: "GSM 6.10"
        case 0x40: "G.721 ADPCM"
        case 0x50: "MPEG audio"
        case 0x55: "MP3"
        case 0xFF: "AAC"
        case 0x161, 0x162, 0x163: "Windows Media Audio"
        case 0x2000: "AC-3"
        case 0xFFFE: "WAVE_FORMAT_EXTENSIBLE"
        default: "codec 0x" + String(tag, radix: 16, uppercase: true)
        }
    }
}
