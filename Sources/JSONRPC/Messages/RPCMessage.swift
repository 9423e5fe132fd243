#if canImport(Glibc)
import Glibc
#endif
public import NIOCore

/// Any JSON-RPC 2.0 message: a request, a notification or a response.
public enum RPCMessage: Sendable, Hashable {
    case request(RPCRequest)
    case response(RPCResponse)

    /// A message that is not valid JSON-RPC, with the id to answer under (null when none could be read).
    public struct Invalid: Error, Sendable, Hashable {
        public var id: RPCID
        public var error: RPCError
    }

    /// What one frame held: one message or a batch of them, each valid or not.
    public enum Parsed: Sendable, Hashable {
        case single(Result<RPCMessage, Invalid>)
        case batch([Result<RPCMessage, Invalid>])
        /// An empty array, which the spec answers with one Invalid Request error.
        case emptyBatch
    }

    /// Parses one complete, syntactically valid JSON value.
    public static func parse(_ frame: ByteBuffer) -> Parsed {
        // A single message (the common case) is read in one pass; only an array is looked at again.
        guard let elements = parseOne(frame, batchesAllowed: true) else {
            guard let elements = JSONStructure.elements(of: frame) else { return .single(parseOne(frame)) }
            guard !elements.isEmpty else { return .emptyBatch }
            return .batch(elements.map(parseOne))
        }
        return .single(elements)
    }

    /// Parses one complete, syntactically valid JSON value whose top-level members the frame decoder
    /// recorded as it read it (``RPCFrameDecoder``): a single message is then read without a walk over it.
    package static func parse(_ frame: ByteBuffer, members: TopLevelMembers) -> Parsed {
        guard members.isUsable else { return parse(frame) }
        return .single(parseOne(frame, batchesAllowed: false, members: members)!)
    }

    private static func parseOne(_ value: ByteBuffer) -> Result<RPCMessage, Invalid> {
        parseOne(value, batchesAllowed: false)!
    }

    /// Writes the message's JSON text (one line, no newline) into `buffer`.
    public func write(into buffer: inout ByteBuffer) {
        switch self {
        case .request(let request): request.write(into: &buffer)
        case .response(let response): response.write(into: &buffer)
        }
    }

    /// The members of a message that matter, found by their raw key bytes.
    private enum Field {
        case version, method, id, params, result, error

        init?(key: UnsafeRawBufferPointer) {
            func equals(_ text: StaticString) -> Bool {
                text.withUTF8Buffer {
                    $0.count == key.count && memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0
                }
            }
            if key.contains(UInt8(ascii: "\\")) {
                guard let decoded = JSONText.unescape(key), let field = Field(name: decoded) else { return nil }
                self = field
                return
            }
            switch key.count {
            case 2 where equals("id"): self = .id
            case 5 where equals("error"): self = .error
            case 6 where equals("method"): self = .method
            case 6 where equals("params"): self = .params
            case 6 where equals("result"): self = .result
            case 7 where equals("jsonrpc"): self = .version
            default: return nil
            }
        }

        init?(name: String) {
            switch name {
            case "jsonrpc": self = .version
            case "method": self = .method
            case "id": self = .id
            case "params": self = .params
            case "result": self = .result
            case "error": self = .error
            default: return nil
            }
        }
    }

    /// Nil when `batchesAllowed` and the value is an array. `members`, when usable, says where the value's
    /// members lie; otherwise they are found by walking the value.
    private static func parseOne(
        _ value: ByteBuffer, batchesAllowed: Bool, members recorded: TopLevelMembers = .none
    ) -> Result<RPCMessage, Invalid>? {
        // The fields are found, and the small ones (version, method, id) read in place, without making a slice
        // or capturing a variable; only params (and a response's parts) are sliced.
        struct Found {
            var version, method, id, params, result, error: Range<Int>?
            var isVersion2 = false
            var methodName: String?
            var idIsValid = true
            var idText: String?

            mutating func note(_ field: Field?, at range: Range<Int>) {
                switch field {
                case .version: version = range
                case .method: method = range
                case .id: id = range
                case .params: params = range
                case .result: result = range
                case .error: error = range
                case nil: break
                }
            }
        }
        let (found, isArray) = value.withUnsafeReadableBytes { bytes -> (Found?, Bool) in
            var found = Found()
            if recorded.isUsable {
                for index in 0..<recorded.count {
                    let member = recorded[index]
                    found.note(Field(key: UnsafeRawBufferPointer(rebasing: bytes[member.key])), at: member.value)
                }
            } else {
                guard var members = JSONStructure.MemberCursor(bytes) else {
                    return (nil, bytes.first { !JSONStructure.isWhitespace($0) } == UInt8(ascii: "["))
                }
                while let (key, member) = members.next() {
                    found.note(Field(key: UnsafeRawBufferPointer(rebasing: bytes[key])), at: member)
                }
            }
            if let id = found.id {
                switch bytes[id.lowerBound] {
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"), UInt8(ascii: "f"): found.idIsValid = false
                default:
                    let token = UnsafeRawBufferPointer(rebasing: bytes[id]).assumingMemoryBound(to: UInt8.self)
                    found.idText = String(decoding: token, as: UTF8.self)
                }
            }
            if let version = found.version {
                found.isVersion2 =
                    version.count == 5 && memcmp(bytes.baseAddress! + version.lowerBound, "\"2.0\"", 5) == 0
                    || stringBody(bytes, version).flatMap(JSONText.unescape) == "2.0"
            }
            if let method = found.method {
                found.methodName = stringBody(bytes, method).flatMap(JSONText.unescape)
            }
            return (found, false)
        }
        if isArray && batchesAllowed { return nil }
        guard let found else {
            return .failure(Invalid(id: .null, error: .invalidRequest("a message must be a JSON object")))
        }
        func slice(_ range: Range<Int>) -> ByteBuffer {
            value.getSlice(at: value.readerIndex + range.lowerBound, length: range.count)!
        }
        // The id first, so every later error can be answered under it.
        guard found.idIsValid else {
            return .failure(Invalid(id: .null, error: .invalidRequest("\"id\" must be a string, a number or null")))
        }
        let id = found.idText.map(RPCID.init(rawJSON:))
        let answerID = id ?? .null
        guard found.isVersion2 else {
            return .failure(Invalid(id: answerID, error: .invalidRequest("\"jsonrpc\" must be the string \"2.0\"")))
        }
        if found.method != nil {
            guard let name = found.methodName else {
                return .failure(Invalid(id: answerID, error: .invalidRequest("\"method\" must be a string")))
            }
            guard let paramsRange = found.params else { return .success(.request(RPCRequest(method: name, id: id))) }
            let params = slice(paramsRange)
            let kind = JSONStructure.kind(of: params)
            guard kind == .object || kind == .array else {
                return .failure(
                    Invalid(id: answerID, error: .invalidRequest("\"params\" must be an object or an array")))
            }
            return .success(.request(RPCRequest(method: name, id: id, params: RawJSON(buffer: params))))
        }
        if let id, found.result != nil || found.error != nil {
            if let result = found.result {
                return .success(.response(RPCResponse(id: id, result: RawJSON(buffer: slice(result)))))
            }
            guard let error = found.error.map(slice).flatMap(parseError) else {
                return .failure(
                    Invalid(id: answerID, error: .invalidRequest("\"error\" must have a code and a message")))
            }
            return .success(.response(RPCResponse(id: id, error: error)))
        }
        return .failure(Invalid(id: answerID, error: .invalidRequest("a request needs a \"method\" string")))
    }

    /// The bytes between the quotes of the string at `range` of `bytes`; nil when the value is not a string.
    private static func stringBody(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UnsafeRawBufferPointer? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    }

    private static func parseError(_ value: ByteBuffer) -> RPCError? {
        guard let members = JSONStructure.members(of: value) else { return nil }
        var code: Int?
        var message: String?
        var data: RawJSON?
        for (key, member) in members {
            switch key {
            case "code": code = Int(String(buffer: member))
            case "message": message = JSONStructure.string(in: member)
            case "data": data = RawJSON(buffer: member)
            default: break
            }
        }
        guard let code, let message else { return nil }
        return RPCError(code: RPCErrorCode(rawValue: code), message: message, data: data)
    }
}
