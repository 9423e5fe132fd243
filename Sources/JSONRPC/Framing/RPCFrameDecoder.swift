public import NIOCore

/// Splits a byte stream into JSON values sent back to back: one per line, several on a line, one over many
/// reads, or pretty-printed over many lines.
///
/// Invalid JSON yields ``RPCFrame/invalidJSON(reason:)`` and the decoder resynchronises after the next
/// newline, except that a value left open on one line that fails on a later line whose first non-blank byte
/// is `{` or `[` resynchronises at the start of that line, so that a message typed after an unfinished one
/// is still read. A value longer than `maximumFrameLength` yields ``RPCFrame/tooLarge(limit:)`` as soon as the
/// limit is crossed and is then skipped as it arrives, never buffered whole.
public struct RPCFrameDecoder: NIOSingleStepByteToMessageDecoder {
    public typealias InboundOut = RPCFrame

    /// The default limit on one message: 16 MiB.
    public static let defaultMaximumFrameLength = 16 * 1024 * 1024

    private enum Mode {
        /// Between values, or inside one that is kept.
        case reading
        /// Inside an over-long value whose bytes are dropped as they are scanned.
        case discarding
        /// After invalid JSON: dropping bytes up to and including the next newline.
        case resynchronising
    }

    public let maximumFrameLength: Int
    private var mode = Mode.reading
    private var scanner = JSONValueScanner()
    /// Bytes after the reader index that the scanner has already seen.
    private var scanned = 0
    /// Where the members of the last ``RPCFrame/value(_:)`` returned lie, when it is an object: what
    /// ``RPCMessage/parse(_:members:)`` reads instead of walking the value again. Read it right after a value
    /// is returned: the next call to ``decode(buffer:)`` may overwrite it before it returns another.
    package private(set) var membersOfLastValue = TopLevelMembers.none

    public init(maximumFrameLength: Int = RPCFrameDecoder.defaultMaximumFrameLength) {
        self.maximumFrameLength = maximumFrameLength
    }

    public mutating func decode(buffer: inout ByteBuffer) throws -> RPCFrame? {
        while true {
            switch mode {
            case .resynchronising:
                guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
                    buffer.moveReaderIndex(to: buffer.writerIndex)
                    return nil
                }
                buffer.moveReaderIndex(to: newline + 1)
                mode = .reading
            case .reading, .discarding:
                // Whitespace before a value is skipped in the same pass over the bytes as the scan.
                let atStart = scanner.isAtStart && scanned == 0
                // A value that starts here and lies whole in the buffer (the common case) is read by the fast
                // pass, which leaves the scanner untouched; anything else, by the scanner.
                let tryWhole = atStart && mode == .reading
                var readWhole = false
                let (skipped, scan) = buffer.withUnsafeReadableBytes { bytes -> (Int, JSONValueScanner.Outcome?) in
                    var start = scanned
                    if atStart {
                        while start < bytes.count, JSONStructure.isWhitespace(bytes[start]) { start += 1 }
                        if start == bytes.count { return (start, nil) }
                    }
                    let rest = UnsafeRawBufferPointer(
                        start: bytes.baseAddress.map { $0 + start }, count: bytes.count - start)
                    if tryWhole, let length = WholeValueScan.scan(rest, members: &membersOfLastValue) {
                        readWhole = true
                        return (start, .complete(consumed: length))
                    }
                    return (start - scanned, scanner.scan(rest))
                }
                if skipped > 0 { buffer.moveReaderIndex(forwardBy: skipped) }
                guard let outcome = scan else { return nil }
                switch outcome {
                case .needMore:
                    scanned = buffer.readableBytes
                    if mode == .discarding {
                        buffer.moveReaderIndex(forwardBy: scanned)
                        scanned = 0
                    } else if scanned > maximumFrameLength {
                        mode = .discarding
                        buffer.moveReaderIndex(forwardBy: scanned)
                        scanned = 0
                        return .tooLarge(limit: maximumFrameLength)
                    }
                    return nil
                case .complete(let consumed):
                    let length = scanned + consumed
                    if !readWhole {
                        membersOfLastValue = scanner.members
                        scanner = JSONValueScanner()
                    }
                    scanned = 0
                    if mode == .discarding {
                        buffer.moveReaderIndex(forwardBy: length)
                        mode = .reading
                        continue
                    }
                    if length > maximumFrameLength {
                        buffer.moveReaderIndex(forwardBy: length)
                        return .tooLarge(limit: maximumFrameLength)
                    }
                    return .value(buffer.readSlice(length: length)!)
                case .invalid(let consumed, let reason):
                    let offending = scanned + consumed - 1
                    scanned = 0
                    scanner = JSONValueScanner()
                    // A kept value starts at the reader index, so its bytes are all there to look back over.
                    if mode == .reading, let lineStart = Self.startOfNewMessageLine(in: buffer, before: offending) {
                        buffer.moveReaderIndex(forwardBy: lineStart)
                        return .invalidJSON(reason: reason)
                    }
                    buffer.moveReaderIndex(forwardBy: offending)
                    let wasDiscarding = mode == .discarding
                    mode = .resynchronising
                    // The offending byte may itself be the newline that ends the bad line.
                    if buffer.readableBytesView.first == UInt8(ascii: "\n") {
                        buffer.moveReaderIndex(forwardBy: 1)
                        mode = .reading
                    }
                    if wasDiscarding { continue }  // already answered with "too large"
                    return .invalidJSON(reason: reason)
                }
            }
        }
    }

    /// Where to resynchronise when a value that starts at the reader index turns out invalid at `offending`
    /// bytes past it: at the start of the line the offending byte is on, if the value began on an earlier line
    /// and that line's first non-blank byte opens a new message (`{` or `[`); otherwise `nil`, and the rest of
    /// the line goes with the bad value. Runs only on invalid input, so reading valid input costs nothing more.
    private static func startOfNewMessageLine(in buffer: ByteBuffer, before offending: Int) -> Int? {
        buffer.withUnsafeReadableBytes { bytes -> Int? in
            // The offending byte being a newline means the next line is a fresh start already.
            guard offending < bytes.count, bytes[offending] != UInt8(ascii: "\n") else { return nil }
            var lineStart = offending
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            guard lineStart > 0 else { return nil }  // the value began on this line
            var first = lineStart
            while first < offending, bytes[first] == 0x20 || bytes[first] == 0x09 || bytes[first] == 0x0D { first += 1 }
            return bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[") ? lineStart : nil
        }
    }

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> RPCFrame? {
        if let frame = try decode(buffer: &buffer) { return frame }
        guard seenEOF, mode != .resynchronising else { return nil }
        defer {
            scanner = JSONValueScanner()
            scanned = 0
            buffer.moveReaderIndex(to: buffer.writerIndex)
        }
        if mode == .discarding {
            mode = .reading
            return nil
        }
        if scanner.isCompleteAtEnd {
            let length = scanned
            membersOfLastValue = .none  // a bare number
            return .value(buffer.readSlice(length: length)!)
        }
        guard !scanner.isAtStart || scanned > 0 else { return nil }
        return .invalidJSON(reason: "the input ended in the middle of a JSON value")
    }
}
