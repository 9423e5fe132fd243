/// The default file name of a share bundle: `<pet name or diary name>-<YYYY-MM-DD>.tar.zst`, made safe for
/// every filesystem the file may be copied to.
package enum ExportFileName {
    /// The longest base name kept, in bytes of UTF-8, leaving room for the date, a counter and `.tar.zst`
    /// under the usual 255-byte limit.
    static let maximumBaseBytes = 180

    /// The file name for a bundle of `subject` (a pet's or the diary's name) made on `day` (`YYYY-MM-DD`);
    /// `number` above 1 is added before the extension, for a name already taken.
    package static func make(subject: String, day: String, number: Int = 1) -> String {
        let suffix = number > 1 ? "-\(number)" : ""
        return "\(safeBase(subject))-\(day)\(suffix).tar.zst"
    }

    /// `text` with `/ \ : * ? " < > |` and control characters replaced by `_`, leading dots and spaces and
    /// trailing dots and spaces dropped (Windows refuses those), cut to ``maximumBaseBytes`` whole
    /// characters; `diary` when nothing is left.
    package static func safeBase(_ text: String) -> String {
        let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var base = ""
        var bytes = 0
        for character in text {
            let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            let safe: Character = forbidden.contains(character) || isControl ? "_" : character
            let size = String(safe).utf8.count
            guard bytes + size <= maximumBaseBytes else { break }
            base.append(safe)
            bytes += size
        }
        let trimmed = base.drop { $0 == "." || $0 == " " }
        var result = String(trimmed)
        while let last = result.last, last == "." || last == " " { result.removeLast() }
        return result.isEmpty ? "diary" : result
    }
}
