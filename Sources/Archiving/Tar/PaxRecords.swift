/// pax extended header records: `"<length> <key>=<value>\n"`, the length counting the whole record.
package enum PaxRecords {
    /// Encodes records in the order given.
    package static func encode(_ records: [(key: String, value: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        for record in records {
            let body = Array(" \(record.key)=".utf8) + record.value + [UInt8(ascii: "\n")]
            var length = body.count + 1
            while String(length).utf8.count + body.count != length { length = String(length).utf8.count + body.count }
            out += Array(String(length).utf8) + body
        }
        return out
    }

    /// Parses records; later records override earlier ones.
    /// - Throws: `ArchiveError.badHeader` naming `entry` when a record is malformed.
    package static func parse(_ data: [UInt8], entry: String) throws -> [String: [UInt8]] {
        var records: [String: [UInt8]] = [:]
        var index = 0
        func bad(_ why: String) -> ArchiveError {
            ArchiveError(
                .badHeader, "\(entry): malformed pax extended header (\(why))", entry: entry, reason: "bad-pax")
        }
        while index < data.count {
            if data[index] == 0 && data[index...].allSatisfy({ $0 == 0 }) { break }  // NUL padding
            var length = 0
            var cursor = index
            while cursor < data.count, data[cursor] >= UInt8(ascii: "0"), data[cursor] <= UInt8(ascii: "9") {
                length = length * 10 + Int(data[cursor] - UInt8(ascii: "0"))
                guard length <= data.count else { throw bad("record length beyond the header") }
                cursor += 1
            }
            guard cursor > index, cursor < data.count, data[cursor] == UInt8(ascii: " ") else {
                throw bad("record length is not a number")
            }
            let end = index + length
            guard end <= data.count, end > cursor + 1, data[end - 1] == UInt8(ascii: "\n") else {
                throw bad("record length does not match its content")
            }
            let body = data[(cursor + 1)..<(end - 1)]
            guard let equals = body.firstIndex(of: UInt8(ascii: "=")) else { throw bad("record has no '='") }
            let keyBytes = body[body.startIndex..<equals]
            guard !keyBytes.isEmpty, !keyBytes.contains(0), let key = String(validating: keyBytes, as: UTF8.self)
            else { throw bad("a key is empty, holds a NUL byte or is not UTF-8") }
            records[key] = Array(body[(equals + 1)...])
            index = end
        }
        try checkPaths(records, bad)
        return records
    }

    /// `path`, `linkpath` and GNU tar's `GNU.sparse.name` are UTF-8 (POSIX), unless the header says its
    /// values are `hdrcharset=BINARY`; a name never holds a NUL byte.
    private static func checkPaths(_ records: [String: [UInt8]], _ bad: (String) -> ArchiveError) throws {
        let binary = records["hdrcharset"] == Array("BINARY".utf8)
        for key in ["path", "linkpath", "GNU.sparse.name"] {
            guard let value = records[key] else { continue }
            guard !value.contains(0) else { throw bad("the \(key) holds a NUL byte") }
            guard binary || String(validating: value, as: UTF8.self) != nil else {
                throw bad("the \(key) is not UTF-8 and the header does not say hdrcharset=BINARY")
            }
        }
    }

    /// Parses a non-negative decimal integer (the pax `size`).
    package static func decimal(_ value: [UInt8]) -> Int64? {
        guard !value.isEmpty, value.count <= 18 else { return nil }
        var result: Int64 = 0
        for byte in value {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            result = result * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return result
    }

    /// Parses a pax time (`"1700000000"`, `"1700000000.25"`, `"-12.5"`) to whole seconds.
    package static func seconds(_ value: [UInt8]) -> Int64? {
        var digits = value[...]
        var negative = false
        if digits.first == UInt8(ascii: "-") {
            negative = true
            digits = digits.dropFirst()
        }
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) {
            guard digits[(dot + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return nil
            }
            digits = digits[digits.startIndex..<dot]
        }
        guard let whole = decimal(Array(digits)) else { return nil }
        return negative ? -whole : whole
    }
}
