/// The fast path of ``RPCFrameDecoder``: validates an object or an array that lies wholly in the bytes at hand
/// in one tight pass, recording the top-level members as ``JSONValueScanner`` does.
///
/// ``JSONValueScanner`` can stop at any byte and go on when more arrive, which costs it a dispatch on its
/// state for every byte. A message almost always arrives whole, so this pass reads it without that, and a
/// string eight bytes at a time: framing a `system.ping` costs less, and the decoder no longer copies a scanner
/// per message (measured by `Benchmarks/rpc/callgrind.sh`). It answers only what it is
/// sure of: a value that is not finished in the bytes, is not JSON, is a bare scalar or nests deeper than 64
/// levels gets `nil`, and the decoder then reads the bytes with the scanner, whose answer (and error message)
/// stands. So for any bytes this pass either agrees with the scanner or leaves them to it
/// (``disagreement(on:)``, which the `fuzz-rpc-frames` target checks).
package enum WholeValueScan {
    /// The length of the value at the start of `buffer` (no whitespace before it) when this pass can vouch
    /// for it, with `members` set to where its members lie when it is an object; nil otherwise, and `members`
    /// is then undefined.
    ///
    /// Everything is kept in locals and the byte loops are static functions of a pointer and an index: a
    /// loop that stepped a stored property would store it on every byte, as the pointer might alias it.
    static func scan(_ buffer: UnsafeRawBufferPointer, members: inout TopLevelMembers) -> Int? {
        guard let base = buffer.baseAddress, buffer.count >= 2 else { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let count = buffer.count
        members.clear()
        switch bytes[0] {
        case UInt8(ascii: "{"):
            return scanObject(bytes, count, members: &members)
        case UInt8(ascii: "["):
            let end = skipContainer(bytes, count, from: 0, depth: 0)
            return end > 0 ? end : nil
        default:
            return nil
        }
    }

    /// The top-level object that starts at index 0, its members recorded: a loop of its own, as a message is
    /// one object of a few members, most of them scalars (a `system.ping` is framed in fewer instructions than
    /// the general loop alone took, measured by `Benchmarks/rpc/callgrind.sh`).
    private static func scanObject(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, members: inout TopLevelMembers
    ) -> Int? {
        members.begin()
        var index = skipWhitespace(bytes, count, from: 1)
        guard index < count else { return nil }
        if bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            guard index < count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyStart = index + 1
            index = skipString(bytes, count, from: index)
            guard index > 0 else { return nil }
            let keyEnd = index - 1
            index = skipWhitespace(bytes, count, from: index)
            guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index = skipWhitespace(bytes, count, from: index + 1)
            guard index < count else { return nil }
            let valueStart = index
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                index = skipContainer(bytes, count, from: index, depth: 1)
            } else {
                index = skipScalar(bytes, count, from: index)
            }
            guard index > 0 else { return nil }
            members.append(key: keyStart..<keyEnd, valueStart: valueStart, valueEnd: index)
            index = skipWhitespace(bytes, count, from: index)
            guard index < count else { return nil }
            let next = bytes[index]
            index += 1
            if next == UInt8(ascii: "}") { return index }
            guard next == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(bytes, count, from: index)
        }
    }

    /// Steps over the object or array that starts at `index`, inside `depth` open containers: the index after
    /// it, or 0 when it is not one, is not finished in the bytes, or nests deeper than 64 levels in all.
    private static func skipContainer(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int, depth outer: Int)
        -> Int
    {
        var index = start
        // Open containers, innermost in the lowest bit: 1 for an object.
        var containers: UInt64 = 0
        var depth = outer
        var expect = Expect.value
        while true {
            switch expect {
            case .value:
                index = skipWhitespace(bytes, count, from: index)
                guard index < count else { return 0 }
                let byte = bytes[index]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    let isObject = byte == UInt8(ascii: "{")
                    guard depth < 64 else { return 0 }
                    containers = containers << 1 | (isObject ? 1 : 0)
                    depth += 1
                    index = skipWhitespace(bytes, count, from: index + 1)
                    guard index < count else { return 0 }
                    if bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
                        containers >>= 1
                        depth -= 1
                        index += 1
                        expect = .afterValue
                    } else {
                        expect = isObject ? .key : .value
                    }
                    continue
                }
                index = skipScalar(bytes, count, from: index)
                guard index > 0 else { return 0 }
                expect = .afterValue
            case .key:
                index = skipWhitespace(bytes, count, from: index)
                guard index < count, bytes[index] == UInt8(ascii: "\"") else { return 0 }
                index = skipString(bytes, count, from: index)
                guard index > 0 else { return 0 }
                index = skipWhitespace(bytes, count, from: index)
                guard index < count, bytes[index] == UInt8(ascii: ":") else { return 0 }
                index += 1
                expect = .value
            case .afterValue:
                if depth == outer { return index }
                let inObject = containers & 1 == 1
                index = skipWhitespace(bytes, count, from: index)
                guard index < count else { return 0 }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: ",") {
                    expect = inObject ? .key : .value
                } else if byte == UInt8(ascii: inObject ? "}" : "]") {
                    containers >>= 1
                    depth -= 1
                } else {
                    return 0
                }
            }
        }
    }

    /// What must come next.
    private enum Expect {
        case value, key, afterValue
    }

    /// The index of the first byte at or after `index` that is not whitespace (`count` when none is).
    @inline(__always)
    private static func skipWhitespace(_ bytes: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int {
        var index = index
        while index < count, JSONStructure.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// Steps over the string, number or literal that starts at `index`: the index after it, or 0 when it is
    /// not one or the bytes end first.
    private static func skipScalar(_ bytes: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int {
        switch bytes[index] {
        case UInt8(ascii: "\""): skipString(bytes, count, from: index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): skipNumber(bytes, count, from: index)
        case UInt8(ascii: "t"): skip("true", bytes, count, at: index)
        case UInt8(ascii: "f"): skip("false", bytes, count, at: index)
        case UInt8(ascii: "n"): skip("null", bytes, count, at: index)
        default: 0
        }
    }

    /// Steps over the string whose opening quote is at `index`: the index after its closing quote, or 0.
    @inline(__always)
    private static func skipString(_ bytes: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int {
        var index = index + 1
        // Eight bytes at a time while eight remain: the first quote, backslash or control byte among them.
        while index + 8 <= count {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            let special =
                bytesBelow(0x20, in: word) | zeroBytes(word ^ 0x2222_2222_2222_2222)
                | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            guard special != 0 else {
                index += 8
                continue
            }
            index += special.trailingZeroBitCount / 8
            break
        }
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return index }
            if byte < 0x20 { return 0 }
            guard byte == UInt8(ascii: "\\") else { continue }
            guard index < count else { return 0 }
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 1
            case UInt8(ascii: "u"):
                guard index + 4 < count else { return 0 }
                for offset in 1...4 where !JSONValueScanner.isHexDigit(bytes[index + offset]) { return 0 }
                index += 5
            default:
                return 0
            }
        }
        return 0
    }

    /// Steps over the number that starts at `index`: the index of the byte after it, or 0 when it is not a
    /// number or no byte follows it (a number ends only at a byte that is not part of it).
    private static func skipNumber(_ bytes: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int {
        var index = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return 0 }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            index = skipDigits(bytes, count, from: index)
            guard index > 0 else { return 0 }
        }
        guard index < count else { return 0 }
        if bytes[index] == UInt8(ascii: ".") {
            index = skipDigits(bytes, count, from: index + 1)
            guard index > 0, index < count else { return 0 }
        }
        if bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            guard index < count else { return 0 }
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            index = skipDigits(bytes, count, from: index)
            guard index > 0 else { return 0 }
        }
        return index < count ? index : 0
    }

    /// Steps over one digit or more from `index`: the index after them, or 0 when there is none.
    @inline(__always)
    private static func skipDigits(_ bytes: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        var index = start
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index > start ? index : 0
    }

    /// Steps over the literal `text`, whose first byte is at `index`: the index after it, or 0.
    private static func skip(_ text: StaticString, _ bytes: UnsafePointer<UInt8>, _ count: Int, at index: Int) -> Int {
        let length = text.utf8CodeUnitCount
        guard index + length <= count else { return 0 }
        for offset in 1..<length where bytes[index + offset] != text.utf8Start[offset] { return 0 }
        return index + length
    }

    /// The high bit of each byte of `word` that is zero; in the bytes above the lowest such byte a bit may be
    /// set falsely, so only the lowest set bit is to be read.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80), read as ``zeroBytes(_:)`` is.
    @inline(__always)
    private static func bytesBelow(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080
    }
}

extension WholeValueScan {
    /// Whether this pass agrees with ``JSONValueScanner`` on `bytes`: what it vouches for, the scanner reads as
    /// a value of the same length with the same members. Nil when they agree, else what differs.
    package static func disagreement(on bytes: UnsafeRawBufferPointer) -> String? {
        var members = TopLevelMembers.none
        guard let length = scan(bytes, members: &members) else { return nil }
        var scanner = JSONValueScanner()
        let outcome = scanner.scan(bytes)
        guard outcome == .complete(consumed: length) else {
            return "the fast pass read \(length) bytes, the scanner \(outcome)"
        }
        guard scanner.members == members else {
            return "the fast pass recorded \(members), the scanner \(scanner.members)"
        }
        return nil
    }
}
