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
    /// A request for `expectedMethod` (the method the connection last called) gets that string as its name
    /// instead of a new one made from the bytes (what that saves: `Benchmarks/rpc/callgrind.sh`).
    package static func parse(_ frame: ByteBuffer, members: TopLevelMembers, expectedMethod: String? = nil) -> Parsed {
        guard members.isUsable else { return parse(frame) }
        return .single(parseOne(frame, batchesAllowed: false, members: members, expectedMethod: expectedMethod)!)
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
            if let field = Field(plainKey: key) {
                self = field
                return
            }
            // A key written with escapes (`"\u0069d"`) is read as its text says.
            guard key.contains(UInt8(ascii: "\\")), let decoded = JSONText.unescape(key) else { return nil }
            guard let field = Field(name: decoded) else { return nil }
            self = field
        }

        /// The field whose name `key` spells byte for byte, compared as whole words (little-endian): a few
        /// instructions per key, which a message has four of.
        private init?(plainKey key: UnsafeRawBufferPointer) {
            guard let base = key.baseAddress else { return nil }
            func word(_ text: StaticString, at offset: Int) -> UInt32 {
                UnsafeRawPointer(text.utf8Start + offset).loadUnaligned(as: UInt32.self)
            }
            func half(_ text: StaticString, at offset: Int) -> UInt16 {
                UnsafeRawPointer(text.utf8Start + offset).loadUnaligned(as: UInt16.self)
            }
            switch key.count {
            case 2:
                guard base.loadUnaligned(as: UInt16.self) == half("id", at: 0) else { return nil }
                self = .id
            case 5:
                guard base.loadUnaligned(as: UInt32.self) == word("error", at: 0),
                    base.load(fromByteOffset: 4, as: UInt8.self) == UInt8(ascii: "r")
                else { return nil }
                self = .error
            case 6:
                let head = base.loadUnaligned(as: UInt32.self)
                let tail = base.loadUnaligned(fromByteOffset: 4, as: UInt16.self)
                if head == word("method", at: 0) && tail == half("method", at: 4) {
                    self = .method
                } else if head == word("params", at: 0) && tail == half("params", at: 4) {
                    self = .params
                } else if head == word("result", at: 0) && tail == half("result", at: 4) {
                    self = .result
                } else {
                    return nil
                }
            case 7:
                guard base.loadUnaligned(as: UInt32.self) == word("jsonrpc", at: 0),
                    base.loadUnaligned(fromByteOffset: 3, as: UInt32.self) == word("jsonrpc", at: 3)
                else { return nil }
                self = .version
            default:
                return nil
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
        _ value: ByteBuffer, batchesAllowed: Bool, members recorded: TopLevelMembers = .none,
        expectedMethod: String? = nil
    ) -> Result<RPCMessage, Invalid>? {
        // The fields are found, and the small ones (version, method, id) read in place, without making a slice
        // or capturing a variable; only params (and a response's parts) are sliced.
        struct Found {
            var version, method, id, params, result, error: Range<Int>?
            var isVersion2 = false
            var methodName: String?
            var idIsValid = true
            var idText: String?
            /// Whether params, when present, are an object or an array (read from their first byte).
            var paramsAreStructured = false

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
            if let params = found.params {
                let first = bytes[params].first { !JSONStructure.isWhitespace($0) }
                found.paramsAreStructured = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
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
            if let method = found.method, let body = stringBody(bytes, method) {
                found.methodName = expectedMethod.flatMap { spells(body, $0) ? $0 : nil } ?? JSONText.unescape(body)
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
            guard found.paramsAreStructured else {
                return .failure(
                    Invalid(id: answerID, error: .invalidRequest("\"params\" must be an object or an array")))
            }
            return .success(.request(RPCRequest(method: name, id: id, params: RawJSON(buffer: slice(paramsRange)))))
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

    /// Whether `body`, a string's bytes between its quotes, are `text`'s UTF-8 as they are (no escape in them).
    private static func spells(_ body: UnsafeRawBufferPointer, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 {
            $0.count == body.count && (body.isEmpty || memcmp($0.baseAddress!, body.baseAddress!, body.count) == 0)
        }
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
