#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore

/// Turns raw params into a method's `Params` type; every failure is a -32602 that names the field.
enum ParamsDecoder {
    /// The decoding function for `P`, chosen once when a method is registered.
    static func decoder<P: Decodable & Sendable>(for type: P.Type, positional: [String]?)
        -> @Sendable (RawJSON?) throws -> P
    {
        if P.self == NoParams.self {
            return { raw in
                if let raw, !(raw.isObject || raw.isArray) {
                    throw RPCError.invalidParams("This method takes no params.")
                }
                return unsafeBitCast(NoParams(), to: P.self)  // P is NoParams: no dynamic cast per call
            }
        }
        return { raw in try decode(raw, positional: positional) }
    }

    static func decode<P: Decodable>(_ raw: RawJSON?, positional: [String]?) throws -> P {
        var object = raw ?? RawJSON(unchecked: "{}")
        if object.isArray {
            guard let names = positional else {
                throw RPCError.invalidParams("Params must be an object with named members, not an array.")
            }
            object = try namedParams(from: object, names: names)
        }
        do {
            return try object.decode(P.self)
        } catch let error as DecodingError {
            throw rpcError(for: error)
        }
    }

    /// `[a, b]` with names `["x", "y"]` becomes `{"x": a, "y": b}`.
    private static func namedParams(from array: RawJSON, names: [String]) throws -> RawJSON {
        let elements = JSONStructure.elements(of: array.buffer) ?? []
        guard elements.count <= names.count else {
            throw RPCError.invalidParams(
                "This method takes at most \(names.count) positional params "
                    + "(\(names.joined(separator: ", "))); got \(elements.count).",
                extra: [("limit", .int(names.count)), ("length", .int(elements.count))]
            )
        }
        var buffer = ByteBuffer()
        buffer.writeStaticString("{")
        for (index, element) in elements.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            buffer.writeString(JSONText.quoted(names[index]))
            buffer.writeStaticString(":")
            buffer.writeImmutableBuffer(element)
        }
        buffer.writeStaticString("}")
        return RawJSON(buffer: buffer)
    }

    static func rpcError(for error: DecodingError) -> RPCError {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath, key)
            return .invalidParams("Missing param '\(field)'.", field: field, extra: [("reason", "missing")])
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            return .invalidParams(
                "Param '\(field)' must be \(describe(type)).", field: field, extra: [("reason", "type")])
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return .invalidParams(
                "Param '\(field)' must be \(describe(type)), not null.", field: field, extra: [("reason", "null")])
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            if field.isEmpty { return .invalidParams("Params are not valid: \(context.debugDescription)") }
            return .invalidParams(
                "Param '\(field)' is not valid: \(context.debugDescription)", field: field,
                extra: [("reason", "invalid")])
        @unknown default:
            return .invalidParams("Params are not valid.")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt32.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}

/// Encodes a method's result, with fast paths for the types that need no encoder.
enum ResultEncoder {
    /// The encoding function for `R`, chosen once when a method is registered.
    static func encoder<R: Encodable & Sendable>(for type: R.Type) -> @Sendable (R) throws -> RawJSON {
        if R.self == String.self {
            return { result in
                var bytes: [UInt8] = []
                JSONText.appendQuoted(result as! String, to: &bytes)
                return RawJSON(buffer: ByteBuffer(bytes: bytes))
            }
        }
        if R.self == RawJSON.self { return { unsafeBitCast($0, to: RawJSON.self) } }  // R is RawJSON
        if R.self == JSONValue.self { return { RawJSON($0 as! JSONValue) } }
        if R.self is any JSONWritable.Type {
            return { RawJSON(writing: $0 as! any JSONWritable) }
        }
        return { try RawJSON(encoding: $0) }
    }

    static func encode<R: Encodable>(_ result: R) throws -> RawJSON {
        switch result {
        case let raw as RawJSON: return raw
        case let value as JSONValue: return RawJSON(value)
        case let string as String: return RawJSON(unchecked: JSONText.quoted(string))
        case let bool as Bool: return RawJSON(unchecked: bool ? "true" : "false")
        default: return try RawJSON(encoding: result)
        }
    }
}
