import Foundation

/// Reads the file name out of a `Content-Disposition` header (RFC 6266).
enum ContentDisposition {
    /// The file name `value` suggests: `filename*=UTF-8''…` (percent-encoded UTF-8) when present and
    /// readable, else `filename=` (a token or a quoted string). Only the last path component is kept, so a
    /// name never points elsewhere; `nil` when there is no usable name.
    static func filename(in value: String) -> String? {
        let parameters = Self.parameters(in: value)
        let extended = parameters["filename*"].flatMap(decodeExtended)
        return (extended ?? parameters["filename"]).flatMap(lastComponent)
    }

    /// The parameters after the disposition type, names lower-cased; quoted values unquoted.
    static func parameters(in value: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(value)
        // Skip the disposition type ("attachment", "inline").
        guard let first = rest.firstIndex(of: ";") else { return result }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            let nameEnd = rest.firstIndex { $0 == "=" || $0 == ";" } ?? rest.endIndex
            let name = rest[..<nameEnd].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[nameEnd...]
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            var parameter = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        parameter.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        parameter.append(character)
                    }
                }
                rest = rest.drop { $0 != ";" }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                parameter = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            if !name.isEmpty, result[name] == nil { result[name] = parameter }
        }
        return result
    }

    /// An RFC 8187 extended value, `charset'language'percent-encoded`, when the charset is UTF-8.
    private static func decodeExtended(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
        return String(parts[2]).removingPercentEncoding
    }

    /// The part after the last `/` or `\`, trimmed; `nil` when empty, `.` or `..`.
    private static func lastComponent(_ name: String) -> String? {
        let start = name.lastIndex { $0 == "/" || $0 == "\\" }.map(name.index(after:)) ?? name.startIndex
        let trimmed = name[start...].trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed == "." || trimmed == ".." ? nil : trimmed
    }
}
