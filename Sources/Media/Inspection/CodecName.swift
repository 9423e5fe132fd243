/// Codec names as ffmpeg gives them (`h264`, `hevc`, `vp9`, `aac`, `opus`), from the codes containers write:
/// an MP4 sample entry's type (`avc1`, `hvc1`, `mp4a`), a Matroska CodecID (`V_MPEG4/ISO/AVC`, `A_OPUS`), an AVI
/// stream's handler (`MJPG`) or WAVE format tag. One vocabulary whatever the container, so that whether a browser
/// can play a video is one question, and so that the names match what `ffprobe` prints.
enum CodecName {
    /// The name of an ISO media sample entry type; an unknown one is kept, trimmed and lowercased.
    static func ofSampleEntry(_ type: String) -> String? {
        switch type {
        case "avc1", "avc2", "avc3", "avc4": "h264"
        case "hvc1", "hev1", "dvh1", "dvhe": "hevc"
        case "vp08": "vp8"
        case "vp09": "vp9"
        case "av01": "av1"
        case "mp4v": "mpeg4"
        case "s263", "h263", "H263": "h263"
        case "jpeg", "mjpa", "mjpb": "mjpeg"
        case "apch", "apcn", "apcs", "apco", "ap4h", "ap4x": "prores"
        case "mp4a": "aac"
        case "Opus": "opus"
        case "fLaC": "flac"
        case "ac-3": "ac3"
        case "ec-3": "eac3"
        case ".mp3": "mp3"
        case "alac": "alac"
        case "samr": "amr_nb"
        case "sawb": "amr_wb"
        case "sowt", "twos", "lpcm", "ipcm", "in24", "in32", "fl32", "fl64": "pcm"
        default: plain(type)
        }
    }

    /// The name of a Matroska or WebM CodecID. A `V_MS/VFW/FOURCC` track is named by the codec inside it, the
    /// `biCompression` of the BITMAPINFOHEADER its CodecPrivate holds (`fourCC`), as an AVI stream's handler is.
    static func ofMatroskaCodec(_ id: String, fourCC: String? = nil) -> String? {
        switch id {
        case "V_MS/VFW/FOURCC": fourCC.flatMap(ofAVIHandler)
        case "V_MPEG4/ISO/AVC": "h264"
        case "V_MPEGH/ISO/HEVC": "hevc"
        case "V_VP8": "vp8"
        case "V_VP9": "vp9"
        case "V_AV1": "av1"
        case "V_MJPEG": "mjpeg"
        case "V_PRORES": "prores"
        case "V_THEORA": "theora"
        case "V_MPEG4/ISO/ASP", "V_MPEG4/ISO/SP", "V_MPEG4/ISO/AP": "mpeg4"
        case "V_MPEG2": "mpeg2video"
        case "V_MPEG4/MS/V3": "msmpeg4v3"
        case "V_FFV1": "ffv1"
        case "A_OPUS": "opus"
        case "A_VORBIS": "vorbis"
        case "A_FLAC": "flac"
        case "A_MPEG/L3": "mp3"
        case "A_AC3": "ac3"
        case "A_EAC3": "eac3"
        default:
            if id.hasPrefix("A_AAC") { "aac" } else if id.hasPrefix("A_PCM") { "pcm" } else { plain(id) }
        }
    }

    /// The name of an AVI video stream's handler, as fourCCs are written in either case.
    static func ofAVIHandler(_ fourCC: String) -> String? {
        switch fourCC.uppercased() {
        case "MJPG", "AVRN", "LJPG", "JPGL": "mjpeg"
        case "H264", "X264", "AVC1", "DAVC": "h264"
        case "HEVC", "H265", "HVC1", "X265": "hevc"
        case "XVID", "DIVX", "DX50", "FMP4", "MP4V", "M4S2": "mpeg4"
        case "MP42": "msmpeg4v2"
        case "DIV3", "MP43", "DIV4": "msmpeg4v3"
        case "H263", "S263", "U263": "h263"
        case "WMV1": "wmv1"
        case "WMV2": "wmv2"
        case "WMV3": "wmv3"
        case "VP80": "vp8"
        case "VP90": "vp9"
        case "AV01": "av1"
        case "FFV1": "ffv1"
        default: plain(fourCC)
        }
    }

    /// The name of an AVI audio stream's WAVE format tag.
    static func ofWaveFormat(_ tag: UInt16) -> String? {
        switch tag {
        case 0x0001, 0x0003, 0xFFFE: "pcm"
        case 0x0050: "mp2"
        case 0x0055: "mp3"
        case 0x00FF, 0x1610, 0x706D: "aac"
        case 0x2000: "ac3"
        default: "0x" + String(tag, radix: 16)
        }
    }

    /// A code kept as it is, without padding or control bytes, lowercased; `nil` when nothing printable is left.
    private static func plain(_ code: String) -> String? {
        let kept = String(code.unicodeScalars.filter { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        return kept.isEmpty ? nil : kept.lowercased()
    }
}
