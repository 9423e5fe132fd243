/// An incremental, validating scanner for one JSON value (RFC 8259), fed bytes as they arrive.
///
/// It keeps no bytes, only a small state, so a value of any size can be checked (or skipped) without
/// being buffered. It validates syntax, not UTF-8: invalid UTF-8 inside a string is caught later, when the
/// value is decoded.
struct JSONValueScanner: Sendable {
    /// What ``scan(_:)`` found in the bytes it was given.
    enum Outcome: Equatable, Sendable {
        /// Every byte was consumed and the value is not finished yet.
        case needMore
        /// The value ended; `consumed` bytes belong to it (a number ends before the byte that ends it).
        case complete(consumed: Int)
        /// The bytes up to and including `consumed` are not JSON.
        case invalid(consumed: Int, reason: String)
    }

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    private enum State: UInt8 {
        case valueStart, arrayValueOrEnd, objectKeyOrEnd, objectKey, colon, afterValue
        case string, stringEscape, unicode1, unicode2, unicode3, unicode4
        case minus, zero, integer, fractionStart, fraction, exponentStart, exponentSign, exponent
        case literal
    }

    private var state: State = .valueStart
    /// Open containers, innermost last: `true` for an object, `false` for an array. Kept in bits, so a
    /// scanner (one per message) allocates nothing.
    private var containers = ContainerStack()
    private var literal: StaticString = "true"
    private var literalIndex = 0
    /// Whether the string being scanned is an object key (a ':' follows it).
    private var stringIsKey = false
    /// The offset in the value of the first byte of the current ``scan(_:)`` call's input.
    private var position = 0
    /// The members of a top-level object, recorded as they are scanned (offsets in the value).
    private(set) var members = TopLevelMembers.none
    /// The parts of the top-level member being scanned.
    private var keyStart = 0, keyEnd = 0, valueStart = 0

    init() {}

    /// True when no byte of a value has been seen yet.
    var isAtStart: Bool { state == .valueStart && containers.isEmpty }

    /// Whether the value seen so far would be complete if the input ended here (a bare top-level number).
    var isCompleteAtEnd: Bool {
        containers.isEmpty && (state == .zero || state == .integer || state == .fraction || state == .exponent)
    }

    /// Feeds `bytes` to the scanner.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch state {
            case .string:
                // Fast path: run through ordinary string bytes.
                var i = index
                while i < count {
                    let b = bytes[i]
                    if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
                    i += 1
                }
                index = i
                guard i < count else {
                    position += count
                    return .needMore
                }
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    if stringIsKey {
                        // A key is followed by a colon, not by the generic after-value state.
                        if containers.count == 1 { keyEnd = position + index }
                        state = .colon
                        stringIsKey = false
                    } else if let end = endValue(at: index) {
                        return end
                    }
                } else if b == UInt8(ascii: "\\") {
                    state = .stringEscape
                } else {
                    return .invalid(consumed: index + 1, reason: Self.describeControl(b))
                }
                index += 1
                continue
            case .stringEscape:
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    state = .string
                case UInt8(ascii: "u"):
                    state = .unicode1
                default:
                    return .invalid(consumed: index + 1, reason: "a string has an invalid escape sequence")
                }
            case .unicode1, .unicode2, .unicode3, .unicode4:
                guard Self.isHexDigit(byte) else {
                    return .invalid(consumed: index + 1, reason: "a \\u escape needs four hex digits")
                }
                state = state == .unicode4 ? .string : State(rawValue: state.rawValue + 1)!
            case .valueStart, .arrayValueOrEnd:
                if Self.isWhitespace(byte) { break }
                if state == .arrayValueOrEnd && byte == UInt8(ascii: "]") {
                    if let end = closeContainer(isObject: false, at: index) { return end }
                    break
                }
                if containers.isOneObject { valueStart = position + index }
                if let failure = beginValue(byte, at: index) { return failure }
            case .objectKeyOrEnd, .objectKey:
                if Self.isWhitespace(byte) { break }
                if byte == UInt8(ascii: "\"") {
                    state = .string
                    stringIsKey = true
                    if containers.count == 1 { keyStart = position + index + 1 }
                } else if state == .objectKeyOrEnd && byte == UInt8(ascii: "}") {
                    if let end = closeContainer(isObject: true, at: index) { return end }
                } else {
                    return .invalid(consumed: index + 1, reason: "an object key must be a string in double quotes")
                }
            case .colon:
                if Self.isWhitespace(byte) { break }
                guard byte == UInt8(ascii: ":") else {
                    return .invalid(consumed: index + 1, reason: "a ':' must follow an object key")
                }
                state = .valueStart
            case .afterValue:
                if Self.isWhitespace(byte) { break }
                let inObject = containers.last!
                if byte == UInt8(ascii: ",") {
                    state = inObject ? .objectKey : .valueStart
                } else if byte == UInt8(ascii: inObject ? "}" : "]") {
                    if let end = closeContainer(isObject: inObject, at: index) { return end }
                } else {
                    let expected = inObject ? "',' or '}'" : "',' or ']'"
                    return .invalid(consumed: index + 1, reason: "expected \(expected) after a value")
                }
            case .minus:
                guard Self.isDigit(byte) else {
                    return .invalid(consumed: index + 1, reason: "a '-' must be followed by a digit")
                }
                state = byte == UInt8(ascii: "0") ? .zero : .integer
            case .zero, .integer, .fraction, .exponent:
                if Self.isDigit(byte) {
                    if state == .zero {
                        return .invalid(consumed: index + 1, reason: "a number may not have a leading zero")
                    }
                } else if byte == UInt8(ascii: ".") && (state == .zero || state == .integer) {
                    state = .fractionStart
                } else if (byte | 0x20) == UInt8(ascii: "e") && state != .exponent {
                    state = .exponentStart
                } else {
                    // The number ended just before this byte, which belongs to what follows.
                    if containers.isEmpty { return .complete(consumed: index) }
                    if containers.isOneObject { recordMember(end: position + index) }
                    state = .afterValue
                    continue
                }
            case .fractionStart:
                guard Self.isDigit(byte) else {
                    return .invalid(consumed: index + 1, reason: "a '.' in a number must be followed by a digit")
                }
                state = .fraction
            case .exponentStart:
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    state = .exponentSign
                } else if Self.isDigit(byte) {
                    state = .exponent
                } else {
                    return .invalid(consumed: index + 1, reason: "an exponent needs digits")
                }
            case .exponentSign:
                guard Self.isDigit(byte) else {
                    return .invalid(consumed: index + 1, reason: "an exponent needs digits")
                }
                state = .exponent
            case .literal:
                let expected = literal.withUTF8Buffer { $0[literalIndex] }
                guard byte == expected else {
                    return .invalid(consumed: index + 1, reason: "unexpected '\(Self.printable(byte))' in a literal")
                }
                literalIndex += 1
                if literalIndex == literal.utf8CodeUnitCount {
                    if let end = endValue(at: index) { return end }
                }
            }
            index += 1
        }
        position += count
        return .needMore
    }

    /// Starts a value with its first byte; returns a failure if the byte cannot start one.
    private mutating func beginValue(_ byte: UInt8, at index: Int) -> Outcome? {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < Self.maximumDepth else {
                return .invalid(
                    consumed: index + 1, reason: "values are nested deeper than \(Self.maximumDepth) levels")
            }
            let isObject = byte == UInt8(ascii: "{")
            if isObject && containers.isEmpty { members.begin() }
            containers.append(isObject)
            state = isObject ? .objectKeyOrEnd : .arrayValueOrEnd
        case UInt8(ascii: "\""):
            state = .string
        case UInt8(ascii: "-"):
            state = .minus
        case UInt8(ascii: "0"):
            state = .zero
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            state = .integer
        case UInt8(ascii: "t"):
            startLiteral("true")
        case UInt8(ascii: "f"):
            startLiteral("false")
        case UInt8(ascii: "n"):
            startLiteral("null")
        default:
            return .invalid(
                consumed: index + 1, reason: "unexpected '\(Self.printable(byte))' where a value should start")
        }
        return nil
    }

    private mutating func startLiteral(_ text: StaticString) {
        literal = text
        literalIndex = 1
        state = .literal
    }

    /// A string or literal ended at `index`: the whole value is complete when it is at top level.
    private mutating func endValue(at index: Int) -> Outcome? {
        if containers.isEmpty { return .complete(consumed: index + 1) }
        if containers.isOneObject { recordMember(end: position + index + 1) }
        state = .afterValue
        return nil
    }

    /// A member of the top-level object ended just before offset `end`.
    private mutating func recordMember(end: Int) {
        members.append(key: keyStart..<keyEnd, valueStart: valueStart, valueEnd: end)
    }

    private mutating func closeContainer(isObject: Bool, at index: Int) -> Outcome? {
        containers.removeLast()
        return endValue(at: index)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    private static func describeControl(_ byte: UInt8) -> String {
        byte == 0x0A ? "a string is not closed before the end of the line" : "a string contains a raw control character"
    }

    static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : String(format: byte)
    }
}

/// A stack of booleans: the first 64 levels in one word, deeper ones (rare) in an array.
private struct ContainerStack: Sendable {
    private var bits: UInt64 = 0
    private var deeper: [Bool] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Whether the stack is one object: the scanner is at the top level of an object.
    var isOneObject: Bool { count == 1 && bits & 1 != 0 }

    var last: Bool? {
        guard count > 0 else { return nil }
        return count > 64 ? deeper[count - 65] : bits & (1 << UInt64(count - 1)) != 0
    }

    mutating func append(_ value: Bool) {
        if count < 64 {
            if value { bits |= 1 << UInt64(count) } else { bits &= ~(1 << UInt64(count)) }
        } else {
            deeper.append(value)
        }
        count += 1
    }

    mutating func removeLast() {
        precondition(count > 0)
        count -= 1
        if count >= 64 { deeper.removeLast() }
    }
}

extension String {
    fileprivate init(format byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = "0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
