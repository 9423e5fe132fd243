import JSONRPC

/// The JSON a `Decodable` type reads, found by decoding it from a ``ShapeRecorder``: the independent oracle
/// that a method's hand-written schema is checked against.
indirect enum TypeShape: Equatable, CustomStringConvertible {
    case string, integer, number, boolean
    /// A ``JSONValue``: any JSON at all.
    case any
    case array(TypeShape)
    case object([String: Field])

    /// An object's member: its shape, and whether the type reads it with `decodeIfPresent`.
    struct Field: Equatable {
        var shape: TypeShape
        var optional: Bool
    }

    /// The shape of `type`, and a value of it whose optional members are all nil (to see how it encodes them).
    static func of<T: Decodable>(_ type: T.Type) throws -> (shape: TypeShape, sample: T) {
        let recorder = ShapeRecorder()
        let sample = try recorder.read(type)
        return (recorder.shape ?? .any, sample)
    }

    var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .any: "any"
        case .array(let element): "[\(element)]"
        case .object(let fields):
            "{"
                + fields.sorted { $0.key < $1.key }.map {
                    "\($0.key)\($0.value.optional ? "?" : ""): \($0.value.shape)"
                }
                .joined(separator: ", ") + "}"
        }
    }
}

/// A `Decoder` that answers every question a type's `init(from:)` asks with a placeholder and writes down
/// what was asked: which keys, read how, as which types.
final class ShapeRecorder: Decoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// What the type read, once `init(from:)` has returned.
    var shape: TypeShape?
    fileprivate var fields: [String: TypeShape.Field] = [:] {
        didSet { shape = .object(fields) }
    }

    struct Unsupported: Error {
        var what: String
    }

    /// Decodes `type` from this recorder, with primitives and ``JSONValue`` answered directly.
    func read<T: Decodable>(_ type: T.Type) throws -> T {
        if let (value, primitive) = Self.primitive(type) {
            shape = primitive
            return value
        }
        return try T(from: self)
    }

    /// The placeholder and shape of a type JSON has a primitive for.
    static func primitive<T>(_ type: T.Type) -> (T, TypeShape)? {
        func zero<I: FixedWidthInteger>(_: I.Type) -> I { 0 }
        if T.self == String.self { return ("" as! T, .string) }
        if T.self == Bool.self { return (false as! T, .boolean) }
        if T.self == Double.self { return (0.0 as! T, .number) }
        if T.self == Float.self { return (Float(0) as! T, .number) }
        if let integer = T.self as? any FixedWidthInteger.Type { return (zero(integer) as! T, .integer) }
        if T.self == JSONValue.self { return (JSONValue.null as! T, .any) }
        return nil
    }

    /// The shape of `type` read as a member or element.
    static func shape<T: Decodable>(of type: T.Type) throws -> (T, TypeShape) {
        let nested = ShapeRecorder()
        let value = try nested.read(type)
        return (value, nested.shape ?? .any)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if shape == nil { shape = .object([:]) }
        return KeyedDecodingContainer(KeyedRecorder<Key>(recorder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedRecorder(recorder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueRecorder(recorder: self)
    }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: ShapeRecorder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, shape) = try ShapeRecorder.shape(of: type)
        recorder.fields[key.stringValue] = .init(shape: shape, optional: false)
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }

    // The protocol's defaults for these would read the member as present; each must say it is optional.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    /// Notes an optional member and answers nil, so that the sample shows how the type encodes it unset.
    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        let (_, shape) = try ShapeRecorder.shape(of: type)
        recorder.fields[key.stringValue] = .init(shape: shape, optional: true)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw ShapeRecorder.Unsupported(what: "nested keyed container at \(key.stringValue)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ShapeRecorder.Unsupported(what: "nested unkeyed container at \(key.stringValue)")
    }

    func superDecoder() throws -> any Decoder { throw ShapeRecorder.Unsupported(what: "superDecoder") }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw ShapeRecorder.Unsupported(what: "superDecoder at \(key.stringValue)")
    }
}

/// An array of one element: enough to learn the element's shape.
private struct UnkeyedRecorder: UnkeyedDecodingContainer {
    let recorder: ShapeRecorder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, shape) = try ShapeRecorder.shape(of: type)
        recorder.shape = .array(shape)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw ShapeRecorder.Unsupported(what: "nested keyed container in an array")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw ShapeRecorder.Unsupported(what: "nested unkeyed container in an array")
    }

    mutating func superDecoder() throws -> any Decoder { throw ShapeRecorder.Unsupported(what: "superDecoder") }
}

private struct SingleValueRecorder: SingleValueDecodingContainer {
    let recorder: ShapeRecorder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, shape) = try ShapeRecorder.shape(of: type)
        recorder.shape = shape
        return value
    }
}
