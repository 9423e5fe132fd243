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
        guard let elements = JSONStructure.elements(of: frame) else {
            return .single(parseOne(frame))
        }
        guard !elements.isEmpty else { return .emptyBatch }
        return .batch(elements.map(parseOne))
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
                text.withUTF8Buffer { $0.count == key.count && memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
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

    private static func parseOne(_ value: ByteBuffer) -> Result<RPCMessage, Invalid> {
        var version: ByteBuffer?
        var method: ByteBuffer?
        var idToken: ByteBuffer?
        var params: ByteBuffer?
        var result: ByteBuffer?
        var error: ByteBuffer?
        let isObject = JSONStructure.forEachMember(of: value) { key, member in
            switch Field(key: key) {
            case .version: version = member
            case .method: method = member
            case .id: idToken = member
            case .params: params = member
            case .result: result = member
            case .error: error = member
            case nil: break
            }
        }
        guard isObject else {
            return .failure(Invalid(id: .null, error: .invalidRequest("a message must be a JSON object")))
        }
        // The id first, so every later error can be answered under it.
        var id: RPCID?
        if let idToken {
            switch JSONStructure.kind(of: idToken) {
            case .string, .number, .null: id = RPCID(rawJSON: String(buffer: idToken))
            default:
                return .failure(Invalid(id: .null, error: .invalidRequest("\"id\" must be a string, a number or null")))
            }
        }
        let answerID = id ?? .null
        guard let version, isVersion2(version) else {
            return .failure(Invalid(id: answerID, error: .invalidRequest("\"jsonrpc\" must be the string \"2.0\"")))
        }
        if let method {
            guard let name = JSONStructure.string(in: method) else {
                return .failure(Invalid(id: answerID, error: .invalidRequest("\"method\" must be a string")))
            }
            if let params, !(JSONStructure.kind(of: params) == .object || JSONStructure.kind(of: params) == .array) {
                return .failure(Invalid(id: answerID, error: .invalidRequest("\"params\" must be an object or an array")))
            }
            return .success(.request(RPCRequest(method: name, id: id, params: params.map(RawJSON.init(buffer:)))))
        }
        if let id, result != nil || error != nil {
            if let result { return .success(.response(RPCResponse(id: id, result: RawJSON(buffer: result)))) }
            guard let error = error.flatMap(parseError) else {
                return .failure(Invalid(id: answerID, error: .invalidRequest("\"error\" must have a code and a message")))
            }
            return .success(.response(RPCResponse(id: id, error: error)))
        }
        return .failure(Invalid(id: answerID, error: .invalidRequest("a request needs a \"method\" string")))
    }

    /// Whether the value is the string "2.0" (compared as bytes first; escapes are legal but rare).
    private static func isVersion2(_ value: ByteBuffer) -> Bool {
        value.readableBytesView.elementsEqual("\"2.0\"".utf8) || JSONStructure.string(in: value) == "2.0"
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
