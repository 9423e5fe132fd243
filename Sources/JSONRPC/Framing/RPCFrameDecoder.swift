public import NIOCore

/// Splits a byte stream into JSON values sent back to back: one per line, several on a line, one over many
/// reads, or pretty-printed over many lines.
///
/// Invalid JSON yields ``RPCFrame/invalidJSON(reason:)`` and the decoder resynchronises after the next
/// newline. A value longer than `maximumFrameLength` yields ``RPCFrame/tooLarge(limit:)`` as soon as the
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
                let (skipped, scan) = buffer.withUnsafeReadableBytes { bytes -> (Int, JSONValueScanner.Outcome?) in
                    var start = scanned
                    if atStart {
                        while start < bytes.count, JSONStructure.isWhitespace(bytes[start]) { start += 1 }
                        if start == bytes.count { return (start, nil) }
                    }
                    let rest = UnsafeRawBufferPointer(
                        start: bytes.baseAddress.map { $0 + start }, count: bytes.count - start)
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
                    scanned = 0
                    scanner = JSONValueScanner()
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
                    buffer.moveReaderIndex(forwardBy: scanned + consumed - 1)
                    scanned = 0
                    scanner = JSONValueScanner()
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
            return .value(buffer.readSlice(length: length)!)
        }
        guard !scanner.isAtStart || scanned > 0 else { return nil }
        return .invalidJSON(reason: "the input ended in the middle of a JSON value")
    }
}
