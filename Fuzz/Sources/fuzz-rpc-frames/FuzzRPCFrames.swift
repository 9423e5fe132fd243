import CFuzzer
import Glibc
import JSONRPC
import NIOCore

/// Feeds arbitrary bytes through ``RPCFrameDecoder`` in chunks and parses every frame as the connection handler
/// does (``RPCMessage/parse(_:)``), then writes every message read back out. The first byte sets the frame limit
/// (small limits reach the "too large" paths), the next four the chunk sizes (1 to 256 bytes, in turn); the rest
/// is the stream. The frames read in
/// chunks must be the frames read in one piece, unless a value was too large: that is answered as soon as the
/// limit is crossed, so what follows it in the same value depends on where the reads fell. Each value read with
/// the members the decoder recorded must read as the same message as when its members are found by a walk. What
/// the decoder's fast pass reads (``WholeValueScan``) the scanner must read alike.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRPCFrames(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    guard input.count >= 5 else { return 0 }
    let limit = input[0] < 128 ? Int(input[0]) + 1 : RPCFrameDecoder.defaultMaximumFrameLength
    let chunkSizes = input[1..<5].map { Int($0) + 1 }
    let stream = UnsafeRawBufferPointer(rebasing: input[5...])

    if let disagreement = WholeValueScan.disagreement(on: stream) {
        fatalError("\(String(decoding: stream, as: UTF8.self)): \(disagreement)")
    }
    let whole = frames(of: stream, limit: limit, chunkSizes: [stream.count])
    var recorded: [(RPCFrame, RPCMessage.Parsed)] = []
    let chunked = frames(of: stream, limit: limit, chunkSizes: chunkSizes, parsed: &recorded)
    for case (.value(let value), let parsed) in recorded {
        let walked = RPCMessage.parse(value)
        precondition(
            parsed == walked, "\(String(buffer: value)) read as \(parsed) with its recorded members, \(walked) walked")
    }
    let tooLarge = (whole + chunked).contains { if case .tooLarge = $0 { true } else { false } }
    if !tooLarge, whole != chunked {
        fatalError("frames differ with chunks \(chunkSizes):\n  whole:   \(whole)\n  chunked: \(chunked)")
    }
    for case .value(let value) in chunked {
        switch RPCMessage.parse(value) {
        case .single(.success(let message)): checkRoundTrip(message)
        case .batch(let members): for case .success(let message) in members { checkRoundTrip(message) }
        case .single(.failure), .emptyBatch: break
        }
    }
    return 0
}

/// A message read must be written as text that reads back as the same message, as a forwarded request or a
/// relayed response is.
private func checkRoundTrip(_ message: RPCMessage) {
    var written = ByteBuffer()
    message.write(into: &written)
    let text = String(buffer: written)
    guard case .single(.success(let again)) = RPCMessage.parse(written) else {
        fatalError("\(message) was written as \(text), which does not read as a message")
    }
    precondition(again == message, "\(message) was written as \(text), which reads as \(again)")
}

/// The frames of `stream` fed in chunks of `chunkSizes` (in turn), then the end of the input; each value is
/// also read as the connection handler reads it, with the members the decoder recorded, into `parsed`.
private func frames(of stream: UnsafeRawBufferPointer, limit: Int, chunkSizes: [Int]) -> [RPCFrame] {
    var parsed: [(RPCFrame, RPCMessage.Parsed)] = []
    return frames(of: stream, limit: limit, chunkSizes: chunkSizes, parsed: &parsed)
}

private func frames(
    of stream: UnsafeRawBufferPointer, limit: Int, chunkSizes: [Int], parsed: inout [(RPCFrame, RPCMessage.Parsed)]
) -> [RPCFrame] {
    var decoder = RPCFrameDecoder(maximumFrameLength: limit)
    var buffer = ByteBuffer()
    var frames: [RPCFrame] = []
    var offset = 0
    var turn = 0
    while offset < stream.count {
        let size = min(chunkSizes[turn % chunkSizes.count], stream.count - offset)
        buffer.writeBytes(UnsafeRawBufferPointer(rebasing: stream[offset..<(offset + size)]))
        offset += size
        turn += 1
        while let frame = try! decoder.decode(buffer: &buffer) {
            frames.append(frame)
            if case .value(let value) = frame {
                parsed.append((frame, RPCMessage.parse(value, members: decoder.membersOfLastValue)))
            }
        }
        // NIO drops the read bytes between reads now and then; the decoder must not care.
        if turn % 3 == 0 { buffer.discardReadBytes() }
    }
    while let frame = try! decoder.decodeLast(buffer: &buffer, seenEOF: true) {
        frames.append(frame)
        if case .value(let value) = frame {
            parsed.append((frame, RPCMessage.parse(value, members: decoder.membersOfLastValue)))
        }
    }
    return frames
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzRPCFrames(data!, size) })
    }
}
