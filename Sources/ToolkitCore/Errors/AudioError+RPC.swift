public import Audio
public import JSONRPC

/// DESIGN's table for sound: ALSA refused the device → -32006 with `device` and `alsaError` (ALSA's own text
/// is in the message too); an argument out of range → -32602; a stored WAV file the reader cannot read is the
/// core's own file, so → -32603.
extension AudioError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .device:
            var data: [(String, JSONValue)] = []
            if let device { data.append(("device", .string(device))) }
            if let alsaError { data.append(("alsaError", .string(alsaError))) }
            return RPCError(code: .deviceError, message: message, data: .object(data))
        case .invalidArgument:
            return .invalidParams(message)
        default:
            return .internalError
        }
    }
}
