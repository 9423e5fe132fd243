/// The EBML and Matroska element IDs the inspector reads (Matroska's specification, RFC 9559).
enum MatroskaID {
    static let ebmlHeader: UInt32 = 0x1A45_DFA3
    static let docType: UInt32 = 0x4282
    static let ebmlReadVersion: UInt32 = 0x42F7
    static let ebmlMaxIDLength: UInt32 = 0x42F2
    static let ebmlMaxSizeLength: UInt32 = 0x42F3
    static let docTypeReadVersion: UInt32 = 0x4285
    static let segment: UInt32 = 0x1853_8067
    static let info: UInt32 = 0x1549_A966
    static let timestampScale: UInt32 = 0x2A_D7B1
    static let duration: UInt32 = 0x4489
    static let dateUTC: UInt32 = 0x4461
    static let tracks: UInt32 = 0x1654_AE6B
    static let trackEntry: UInt32 = 0xAE
    static let trackType: UInt32 = 0x83
    static let codecID: UInt32 = 0x86
    static let codecPrivate: UInt32 = 0x63A2
    static let defaultDuration: UInt32 = 0x23_E383
    static let video: UInt32 = 0xE0
    static let pixelWidth: UInt32 = 0xB0
    static let pixelHeight: UInt32 = 0xBA
    static let displayWidth: UInt32 = 0x54B0
    static let displayHeight: UInt32 = 0x54BA
    static let displayUnit: UInt32 = 0x54B2
    static let stereoMode: UInt32 = 0x53B8
    static let cluster: UInt32 = 0x1F43_B675

    /// A name for messages: the element's name in the specification, or its ID in hex.
    static func name(_ id: UInt32) -> String {
        switch id {
        case ebmlHeader: "EBML header"
        case segment: "Segment"
        case info: "Info"
        case tracks: "Tracks"
        case trackEntry: "TrackEntry"
        case video: "Video"
        case cluster: "Cluster"
        default: "element 0x" + String(id, radix: 16, uppercase: true)
        }
    }
}
