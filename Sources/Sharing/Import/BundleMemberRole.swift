import Archiving

/// What a member of a share bundle may be; any other path is refused.
enum BundleMemberRole: Hashable {
    /// `data/<kind>.jsonl`, one of ``dataKinds``.
    case data(String)
    /// `media/<sha256>.<ext>`: a photo or video.
    case media(sha256: String)
    /// `sounds/<sha256>.wav`.
    case sound(sha256: String)
    /// `renditions/<sha256>.mp4`: the browser-playable copy of the video whose blob is `original` (the copy's
    /// own SHA-256 is the manifest's word, not its name).
    case rendition(original: String)
    /// `index.html` or `thumbs/<sha256>.jpg`, the HTML gallery of a bundle exported with `html`: checked
    /// against the manifest like every member, then left out (the receiver makes its own thumbnails).
    case gallery(sha256: String?)

    /// The record files a bundle may hold (`notes` only since voice notes: an older bundle has none).
    static let dataKinds = ["pets", "albums", "photos", "entries", "sounds", "settings", "notes"]
    /// Directories a bundle may list (tar lists them when a bundle is packed from a directory).
    static let directories: Set<String> = ["data", "media", "sounds", "thumbs", "renditions"]

    /// The role of the member at `path` (normalized: no `.`, no empty components), or nil when a bundle
    /// has no such member.
    init?(path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path == "index.html" {
            self = .gallery(sha256: nil)
            return
        }
        guard parts.count == 2 else { return nil }
        let name = parts[1]
        switch parts[0] {
        case "data":
            guard name.hasSuffix(".jsonl") else { return nil }
            let kind = String(name.dropLast(6))
            guard Self.dataKinds.contains(kind) else { return nil }
            self = .data(kind)
        case "media":
            guard let dot = name.firstIndex(of: "."), Self.isHash(name[..<dot]) else { return nil }
            let ext = name[name.index(after: dot)...]
            guard (1...5).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
            else { return nil }
            self = .media(sha256: String(name[..<dot]))
        case "sounds":
            guard name.hasSuffix(".wav"), Self.isHash(name.dropLast(4)) else { return nil }
            self = .sound(sha256: String(name.dropLast(4)))
        case "renditions":
            guard name.hasSuffix(".mp4"), Self.isHash(name.dropLast(4)) else { return nil }
            self = .rendition(original: String(name.dropLast(4)))
        case "thumbs":
            guard name.hasSuffix(".jpg"), Self.isHash(name.dropLast(4)) else { return nil }
            self = .gallery(sha256: String(name.dropLast(4)))
        default:
            return nil
        }
    }

    /// The SHA-256 the member's name promises, for `media/` and `sounds/`.
    var namedSHA256: String? {
        switch self {
        case .data, .rendition: nil
        case .media(let sha256), .sound(let sha256): sha256
        case .gallery(let sha256): sha256
        }
    }

    private static func isHash(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
