/// What a `Range` header asks of a file of `length` bytes, read as RFC 9110 reads it: one range (`bytes=0-99`,
/// `bytes=500-`, the suffix `bytes=-500` for the last 500), none (no header, another unit, a syntax error, or
/// several ranges, answered with the whole file), or nothing the file holds (416).
enum ByteRange: Sendable, Equatable {
    case whole
    case part(ClosedRange<Int>)
    case unsatisfiable

    init(header: String?, length: Int) {
        guard let header else {
            self = .whole
            return
        }
        let spec = header.filter { $0 != " " && $0 != "\t" }
        guard spec.lowercased().hasPrefix("bytes="), !spec.contains(",") else {
            self = .whole
            return
        }
        let parts = spec.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            self = .whole
            return
        }
        let (first, last) = (parts[0], parts[1])
        switch (first.isEmpty, last.isEmpty) {
        case (true, true):
            self = .whole
        case (true, false):
            // The last N bytes; a number past Int's range asks for all of them.
            let count = Int(last) ?? Int.max
            self = count == 0 || length == 0 ? .unsatisfiable : .part(max(0, length - count)...(length - 1))
        case (false, _):
            guard let start = Int(first), start < length else {
                self = .unsatisfiable
                return
            }
            let end = last.isEmpty ? length - 1 : min(Int(last) ?? Int.max, length - 1)
            self = end < start ? .whole : .part(start...end)
        }
    }
}
