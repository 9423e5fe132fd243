/// Checks on text that people type: required, trimmed, and at most so many characters, counted as a
/// person counts them (Swift's `Character`, so `산책` is 2 and `🐶` is 1).
enum TextRules {
    /// Returns `value` trimmed of surrounding white space, or throws when it is empty or too long.
    /// - Throws: ``DiaryError`` `.invalid` naming `field`, with `limit` and `length` when too long.
    static func required(_ value: String, field: String, limit: Int) throws -> String {
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw DiaryError.invalid(field, "\(field) is empty; write at least one character.")
        }
        return try limited(trimmed, field: field, limit: limit)
    }

    /// Returns `value` unchanged, or throws when it has more than `limit` characters.
    static func limited(_ value: String, field: String, limit: Int) throws -> String {
        let length = value.count
        guard length <= limit else {
            throw DiaryError.invalid(
                field, "\(field) is \(length) characters; the limit is \(limit).", limit: limit, length: length)
        }
        return value
    }

    /// An optional text: nil stays nil, empty or blank becomes nil, anything else is checked.
    static func optional(_ value: String?, field: String, limit: Int) throws -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingWhitespace()
        return trimmed.isEmpty ? nil : try limited(trimmed, field: field, limit: limit)
    }

    /// A day written `YYYY-MM-DD`, or nil.
    static func day(_ value: String?, field: String) throws -> String? {
        guard let value else { return nil }
        if DiaryDay.isValid(value) { return value }
        // A time with its offset names the day where it was lived: 2024-05-01T08:30:00+09:00 is 1 May.
        guard let instant = Timestamp.date(from: value), let offset = LocalTime.offset(of: value) else {
            throw DiaryError.invalid(
                field,
                "\(field) '\(value)' is not a day; write it as YYYY-MM-DD, e.g. 2024-05-01 (or an RFC 3339 time "
                    + "with its offset, e.g. 2024-05-01T08:30:00+09:00).")
        }
        return LocalTime(instant: instant, offsetSeconds: offset).day
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
