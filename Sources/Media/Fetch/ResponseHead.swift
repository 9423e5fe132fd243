import Foundation

/// The status line and header fields of one HTTP response, built from the lines libcurl hands over.
///
/// libcurl passes the header lines of every response it reads, redirects and `100 Continue` included;
/// each status line starts a new head, so after the transfer it describes the last response.
struct ResponseHead {
    /// The status code, once a status line has arrived.
    private(set) var status: Int?
    /// The status line's reason phrase (`"Not Found"`); empty in HTTP/2, which has none.
    private(set) var reason = ""
    /// The header fields in order, names lower-cased.
    private(set) var fields: [(name: String, value: String)] = []

    /// Takes one line as libcurl passes it (with its CRLF): a status line, a header field, a folded
    /// continuation of the previous field, or the blank line that ends the head.
    mutating func take(line raw: String) {
        let line = raw.trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            self = ResponseHead()
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) : nil
            reason = parts.count > 2 ? parts[2].trimmingCharacters(in: .whitespaces) : ""
        } else if line.first == " " || line.first == "\t" {
            guard !fields.isEmpty else { return }
            fields[fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            fields.append((name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
    }

    /// The first value of the field `name` (case-insensitive).
    func value(for name: String) -> String? {
        let name = name.lowercased()
        return fields.first { $0.name == name }?.value
    }

    /// The media type from `Content-Type`, without parameters, lower-cased.
    var contentType: String? {
        guard let type = value(for: "Content-Type")?.split(separator: ";").first else { return nil }
        let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The file name from `Content-Disposition`, if it names a usable one.
    var suggestedFilename: String? {
        value(for: "Content-Disposition").flatMap(ContentDisposition.filename(in:))
    }
}
