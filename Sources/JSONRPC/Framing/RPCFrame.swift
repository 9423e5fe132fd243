public import NIOCore

/// One unit read from a stream of JSON values.
public enum RPCFrame: Sendable, Equatable {
    /// A complete, syntactically valid JSON value.
    case value(ByteBuffer)
    /// Bytes that are not JSON; the reader skipped to the next newline, or back to the start of a line that
    /// starts a new message after a value left open (see ``RPCFrameDecoder``). Answer with -32700.
    case invalidJSON(reason: String)
    /// A value longer than the limit; it is being skipped without being kept. Answer with -32600.
    case tooLarge(limit: Int)
}
